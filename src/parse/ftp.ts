/**
 * RFC 1738 §3.2 FTP.
 *
 * ```
 * ftpurl  = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
 * ```
 */
import { codes } from '../decode/character-codes.js';
import { charSet, inSet, uchar } from './character-classes.js';
import { checkCharacters } from './check-characters.js';
import { ipSchemeSyntax, noUrlPath } from './common-internet-scheme.js';
import { report, type ParseState } from './parse-state.js';
import type { UrlParts } from './parsed-url.js';

/** §5 `fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]`. */
export const fsegment = charSet(uchar, '?:@&=');
/** §5 `fpath = fsegment *[ "/" fsegment ]`: the characters of a whole fpath. */
export const fpath = charSet(fsegment, '/');
/** §5 `ftptype = "A" | "I" | "D" | "a" | "i" | "d"`. */
const ftptype = charSet('AIDaid');
/** The literal before the typecode. */
const typePrefix = ';type=';

/**
 * §3.2.2 FTP url-path: `<cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>`.
 *
 * "Within a name or CWD component, the characters "/" and ";" are reserved",
 * so the last ";type=" starts the typecode and any other ";" is reported.
 * Empty segments are kept: `//etc/motd` is cwd `["", "etc"]`, name `"motd"`.
 */
// rule: ftp-url
function readFtpUrlPath(state: ParseState, start: number, end: number): void {
  if (start === noUrlPath) return;
  const { input, parts } = state;
  const typeAt = input.lastIndexOf(typePrefix, end - typePrefix.length);
  const fpathEnd = typeAt >= start ? typeAt : end;

  // §5 fpath = fsegment *[ "/" fsegment ]
  checkCharacters(state, start, fpathEnd, fpath);
  // the platform's split, one native call: a path of many short segments (`a/b/c/…`) does not cost a search and a slice each
  const cwd = input.slice(start, fpathEnd).split('/');
  const name = cwd.pop() as string;
  parts.cwd = cwd;
  parts.name = name;

  // §3.2.3 ";type=" ftptype
  if (fpathEnd < end) {
    const typecodeStart = fpathEnd + typePrefix.length;
    parts.typecode = input.slice(typecodeStart, end);
    if (end - typecodeStart !== 1 || !inSet(ftptype, input.charCodeAt(typecodeStart))) {
      report(state, 'bad-typecode', typecodeStart);
    }
  }
}

/** Write §3.2.2 url-path back from `cwd`, `name` and `typecode`. */
function writeFtpUrlPath(parts: UrlParts): string | undefined {
  if (parts.cwd === undefined && parts.name === undefined && parts.typecode === undefined) return undefined;
  let text = '';
  for (const segment of parts.cwd ?? []) text += segment + '/';
  text += parts.name ?? '';
  if (parts.typecode !== undefined) text += typePrefix + parts.typecode;
  return text;
}

/** §3.2 FTP: §3.1 syntax with user and password; the url-path may be omitted. */
export const ftpUrl = ipSchemeSyntax({
  userinfo: true,
  port: true,
  emptyHost: false,
  urlPathRequired: false,
  readUrlPath: readFtpUrlPath,
  writeUrlPath: writeFtpUrlPath,
});
