/**
 * `parse`: one URL string → scheme, parts, validity and errors (RFC 1738).
 */
import { codes } from '../decode/character-codes.js';
import { schemeChar, xchar } from './character-classes.js';
import { checkCharacters, checkToken, indexOfCode } from './check-characters.js';
import { parseSimpleHttp } from './http-fast-path.js';
import { createState, report, type ParseState } from './parse-state.js';
import type { ParseError, ParsedUrl } from './parsed-url.js';
import { schemeEntry } from './scheme-table.js';

/**
 * Parse one URL by RFC 1738 (§2, §3, §5) and its Appendix.
 *
 * - A `#fragment` (Appendix) is split off first into `parts.fragment`; it does
 *   not make the URL invalid, but its characters are checked as `*xchar`.
 * - The scheme is lower-cased; the schemes of §3 (and `https`) are read by
 *   their own BNF, any other by the generic form `scheme ":" *xchar`.
 * - `parts` holds what was found, still percent-encoded, even when the URL is
 *   invalid; `errors` lists every problem found (at most 100), in input order.
 *
 * Never throws on a string, whatever its content or length.
 *
 * @param url One URL, without `<URL:` … `>` wrapper or inserted whitespace.
 * @throws {TypeError} When `url` is not a string.
 */
export function parse(url: string): ParsedUrl {
  if (typeof url !== 'string') {
    throw new TypeError(`Expected \`url\` to be a string, got ${url === null ? 'null' : typeof url}`);
  }
  return parseSimpleHttp(url) ?? parseByGrammar(url);
}

/** {@link parse} by the full grammar, for every URL (the fast path's reference). */
// rule: fragment
export function parseByGrammar(url: string): ParsedUrl {
  const state = createState(url);
  // Appendix: "a fragment/anchor identifier associated with a URL (following a "#")"
  const numberSign = url.indexOf('#');
  const end = numberSign === -1 ? url.length : numberSign;

  const colon = indexOfCode(url, codes.colon, 0, end);
  const scheme = readScheme(state, colon, end);
  if (scheme !== undefined) {
    const entry = schemeEntry(scheme);
    entry.syntax.parse(state, colon + 1, end);
    if (entry.defaultPort !== undefined) state.parts.defaultPort = entry.defaultPort;
  }
  if (numberSign !== -1) {
    state.parts.fragment = url.slice(numberSign + 1);
    checkCharacters(state, numberSign + 1, url.length, xchar);
  }

  const { errors, parts } = state;
  if (!inOffsetOrder(errors)) errors.sort((a, b) => a.offset - b.offset);
  return { input: url, scheme: scheme ?? '', valid: errors.length === 0, errors, parts };
}

/**
 * §2.1 `<scheme>:<scheme-specific-part>`; §5 `scheme = 1*[ lowalpha | digit |
 * "+" | "-" | "." ]`, case-ignored ("allow "HTTP" as well as "http""). Returns
 * the lower-cased scheme, or `undefined` when there is none (`colon` is the
 * index of the first ":", or `end` when there is none before the fragment).
 */
// rule: scheme-syntax
function readScheme(state: ParseState, colon: number, end: number): string | undefined {
  const { input } = state;
  if (colon === end || colon === 0) {
    report(state, 'missing-scheme', 0);
    return undefined;
  }
  const other = checkToken(state, 0, colon, schemeChar);
  if (other >= 0) report(state, 'bad-scheme', other);
  return input.slice(0, colon).toLowerCase();
}

function inOffsetOrder(errors: readonly ParseError[]): boolean {
  for (let index = 1; index < errors.length; index++) {
    if (errors[index - 1]!.offset > errors[index]!.offset) return false;
  }
  return true;
}
