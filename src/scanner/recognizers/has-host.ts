/**
 * `//` and the start of a host, after the colon of a hierarchical scheme
 * (RFC 1738 §3.1), in a bare URL or a wrapper's content.
 *
 * ```markdown
 * > | http://<host>:<port>/     not a URL: a template
 *          ^ from here
 * > | ftp://@host.com/          a URL: empty user, then a host
 *         ^ from here
 * > | ftp://-anonymous@host.com/  a URL: a user, then a host (the host is after the last `@`)
 *         ^ from here
 * ```
 */
import { codes } from '../../decode/character-codes.js';
import { isAsciiAlphanumeric, isBareTerminator } from '../character-classes.js';

/**
 * A user name and password longer than this before their `@` are not looked
 * for by this first check (the host check after the URL's end has the last
 * word): what is read again when more input comes stays bounded.
 */
const userLookahead = 256;

/**
 * Does `text` hold `//` and the start of a host at `at`? `undefined` when it
 * ends too soon to tell, unless it is `final` (no more text will come).
 */
// rule: hierarchical-needs-host
export function hasHost(text: string, at: number, emptyHost: boolean, final = false): boolean | undefined {
  // (read only inside the text: a read past its end gives NaN, and the optimized code of the scanner's loop, where this is inlined, is thrown away)
  for (let k = 0; k < 2; k++) {
    if (at + k >= text.length) return undefined;
    if (text.charCodeAt(at + k) !== codes.slash) return false;
  }
  if (at + 2 >= text.length) return undefined;
  const code = text.charCodeAt(at + 2);
  if (emptyHost && code === codes.slash) return true;
  if (isHostStart(code)) return true;
  return hostAfterUser(text, at + 2, final);
}

/** Can a host start with `code`? */
function isHostStart(code: number): boolean {
  return (
    isAsciiAlphanumeric(code) ||
    code === codes.percentSign ||
    code === codes.leftSquareBracket ||
    code === codes.underscore ||
    // an internationalized host name, reported invalid by the parser
    (code >= codes.noBreakSpace && !isBareTerminator(code))
  );
}

/**
 * A user (and password) and `@` from `from`, then the start of a host: the
 * user part may start with what no host does (`-`, `!$&'()*+,;=`, RFC 3986
 * §3.2.1 `userinfo`), so the host is looked for after the last `@` of the
 * run of userinfo characters. `undefined` when the text ends first, unless
 * it is `final`.
 */
// rule: host-after-last-at
function hostAfterUser(text: string, from: number, final: boolean): boolean | undefined {
  let lastAt = -1;
  const stop = Math.min(text.length, from + userLookahead);
  let i = from;
  for (; i < stop; i++) {
    const code = text.charCodeAt(i);
    if (code === codes.atSign) lastAt = i;
    else if (!isUserinfoChar(code)) break;
  }
  if (i === from + userLookahead) return true;
  if (i >= text.length && !final) return undefined;
  // (the host's first character may be the one that ended the run: `[`, a letter of another script)
  return lastAt !== -1 && isHostStart(text.charCodeAt(lastAt + 1));
}

/** RFC 3986 §3.2.1 `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`, as characters. */
function isUserinfoChar(code: number): boolean {
  return code < codes.asciiEnd && userinfo[code] === 1;
}

const userinfo = new Uint8Array(codes.asciiEnd);
for (let code = 0; code < codes.asciiEnd; code++) if (isAsciiAlphanumeric(code)) userinfo[code] = 1;
for (const code of [
  codes.dash,
  codes.dot,
  codes.underscore,
  codes.tilde,
  codes.percentSign,
  codes.exclamationMark,
  codes.dollarSign,
  codes.ampersand,
  codes.apostrophe,
  codes.leftParenthesis,
  codes.rightParenthesis,
  codes.asterisk,
  codes.plusSign,
  codes.comma,
  codes.semicolon,
  codes.equalsSign,
  codes.colon,
]) {
  userinfo[code] = 1;
}
