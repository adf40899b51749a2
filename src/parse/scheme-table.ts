/**
 * The schemes RFC 1738 §3 defines (plus `https`), each with its syntax module
 * and default port. Any other scheme is read with the generic form (§5
 * `otherurl`).
 */
import { fileUrl } from './file.js';
import { ftpUrl } from './ftp.js';
import { otherUrl } from './generic.js';
import { gopherUrl } from './gopher.js';
import { httpUrl } from './http.js';
import { mailtoUrl } from './mailto.js';
import { newsUrl } from './news.js';
import { nntpUrl } from './nntp.js';
import type { SchemeSyntax } from './parse-state.js';
import { prosperoUrl } from './prospero.js';
import { telnetUrl } from './telnet.js';
import { waisUrl } from './wais.js';

/** One row of {@link schemeTable}. */
export interface SchemeEntry {
  readonly syntax: SchemeSyntax;
  /** §3: "If :<port> is omitted, the port defaults to …". */
  readonly defaultPort?: number;
}

/** Scheme (lower case) → syntax and default port. */
// rule: scheme-table
// rule: https-extension
export const schemeTable = {
  ftp: { syntax: ftpUrl, defaultPort: 21 },
  http: { syntax: httpUrl, defaultPort: 80 },
  /** Not in RFC 1738: HTTP's syntax on port 443, a urlsift extension. */
  https: { syntax: httpUrl, defaultPort: 443 },
  gopher: { syntax: gopherUrl, defaultPort: 70 },
  mailto: { syntax: mailtoUrl },
  news: { syntax: newsUrl },
  nntp: { syntax: nntpUrl, defaultPort: 119 },
  telnet: { syntax: telnetUrl, defaultPort: 23 },
  wais: { syntax: waisUrl, defaultPort: 210 },
  file: { syntax: fileUrl },
  prospero: { syntax: prosperoUrl, defaultPort: 1525 },
} as const satisfies Readonly<Record<string, SchemeEntry>>;

const entries: ReadonlyMap<string, SchemeEntry> = new Map(Object.entries(schemeTable));
const otherEntry: SchemeEntry = { syntax: otherUrl };

/** The entry for a lower-case scheme; the generic form for any scheme not in the table. */
export function schemeEntry(scheme: string): SchemeEntry {
  return entries.get(scheme) ?? otherEntry;
}
