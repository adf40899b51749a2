/**
 * RFC 1738 §3.10 FILES.
 *
 * ```
 * fileurl = "file://" [ host | "localhost" ] "/" fpath
 * ```
 */
import { checkCharacters } from './check-characters.js';
import { ipSchemeSyntax, noUrlPath } from './common-internet-scheme.js';
import { fpath } from './ftp.js';
import type { ParseState } from './parse-state.js';

/** §3.10 `<path>`: "a hierarchical directory path of the form <directory>/<directory>/.../<name>". */
function readFilePath(state: ParseState, start: number, end: number): void {
  if (start === noUrlPath) return;
  state.parts.path = state.input.slice(start, end);
  checkCharacters(state, start, end, fpath);
}

/**
 * §3.10 FILES: a host but no user name, password or port. "As a special
 * case, <host> can be the string "localhost" or the empty string".
 */
// rule: file-url
export const fileUrl = ipSchemeSyntax({
  userinfo: false,
  port: false,
  emptyHost: true,
  urlPathRequired: true,
  readUrlPath: readFilePath,
  writeUrlPath: (parts) => parts.path ?? parts.urlPath,
});
