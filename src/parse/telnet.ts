/**
 * RFC 1738 §3.8 TELNET.
 *
 * ```
 * telneturl = "telnet://" login [ "/" ]
 * ```
 */
import { ipSchemeSyntax, noUrlPath } from './common-internet-scheme.js';
import { report, type ParseState } from './parse-state.js';

/** §3.8: "The final "/" character may be omitted"; nothing may follow it. */
// rule: telnet-url
function readTelnetUrlPath(state: ParseState, start: number, end: number): void {
  if (start !== noUrlPath && start < end) report(state, 'unexpected-url-path', start);
}

/**
 * §3.8 TELNET: §3.1 syntax with user and password. `urlPath` is `""` when the
 * final "/" is there.
 */
export const telnetUrl = ipSchemeSyntax({
  userinfo: true,
  port: true,
  emptyHost: false,
  urlPathRequired: false,
  readUrlPath: readTelnetUrlPath,
  writeUrlPath: (parts) => parts.urlPath,
});
