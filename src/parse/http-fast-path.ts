/**
 * The common case of `parse`, in one pass: a lower-case `http://` or
 * `https://` URL with a host name (no user, no host number), an optional
 * port of at most 65535, and a path and search part whose every character
 * the §5 BNF allows (escapes included), with no fragment. Anything else, or
 * anything doubtful, gives `undefined` and the full grammar reads the URL.
 *
 * The result is exactly the full grammar's: the same parts, in the same
 * order (`host`, `port`, `urlPath`, `path`, `searchpart`, `defaultPort`), no
 * errors. `test/parse/fast-path.test.ts` holds the two to each other.
 */
import { codes } from '../decode/character-codes.js';
import { alpha, alphadigit, charSet, digit, hex, inSet, uchar, type CharSet } from './character-classes.js';
import type { ParseError, ParsedUrl, UrlParts } from './parsed-url.js';

/** §5 `hpath` characters (hsegments and "/"), escapes apart. */
const hpath = charSet(uchar, ';:@&=/');
/** §5 `search` characters, escapes apart. */
const search = charSet(uchar, ';:@&=');

/** The classes a character of a URL is tested against, as bits of one table (one lookup a character). */
const inClass = { alphadigit: 1, hpath: 2, search: 4, hex: 8, hostChar: 16 } as const;
/** How many UTF-16 code units there are (16 bits). */
const codeUnits = 2 ** 16;
/**
 * A character code's class bits, for every UTF-16 code unit (none outside
 * US-ASCII): one load a character, no range test, and no call (a URL read
 * before the function is optimized pays for every call a character).
 */
const classBits = ((): Uint8Array => {
  const table = new Uint8Array(codeUnits);
  const add = (set: CharSet, bit: number): void => {
    for (let code = 0; code < codes.asciiEnd; code++) if (set[code] === 1) table[code] = (table[code] as number) | bit;
  };
  add(alphadigit, inClass.alphadigit);
  add(hpath, inClass.hpath);
  add(search, inClass.search);
  add(hex, inClass.hex);
  add(alphadigit, inClass.hostChar);
  add(charSet('-'), inClass.hostChar);
  return table;
})();

const httpPrefixLength = 7;
const httpsPrefixLength = 8;
const httpPort = 80;
const httpsPort = 443;
const maxPort = 65_535;
const decimalRadix = 10;

/**
 * The `errors` of every URL the fast path reads (it reads only valid ones):
 * one frozen empty list, shared, as `alternatives` is.
 */
export const noErrors: ParseError[] = Object.freeze([]) as unknown as ParseError[];

/** The parse of `url` when it is a plain http(s) URL, else `undefined`. */
export function parseSimpleHttp(url: string): ParsedUrl | undefined {
  const parts = simpleHttpParts(url);
  if (parts === undefined) return undefined;
  return { input: url, scheme: simpleHttpScheme(url), valid: true, errors: noErrors, parts };
}

/** The scheme of a URL `simpleHttpParts` read. */
export function simpleHttpScheme(url: string): 'http' | 'https' {
  return url.charCodeAt(httpPrefixLength - 3) === codes.colon ? 'http' : 'https';
}

/**
 * The parts of `url` when it is a plain http(s) URL, else `undefined`: what
 * the record factory takes, without a `ParsedUrl` around it (one object less
 * per record on the scanner's hot path).
 */
// rule: http-fast-path
export function simpleHttpParts(url: string): UrlParts | undefined {
  let hostStart: number;
  let scheme: 'http' | 'https';
  if (url.startsWith('http://')) {
    hostStart = httpPrefixLength;
    scheme = 'http';
  } else if (url.startsWith('https://')) {
    hostStart = httpsPrefixLength;
    scheme = 'https';
  } else {
    return undefined;
  }
  const length = url.length;
  // §5 hostname: labels of alphadigit and "-", each starting and ending with alphadigit; the last starts with alpha
  let i = hostStart;
  let labelStart = i;
  for (; i < length; i++) {
    const code = url.charCodeAt(i);
    if (((classBits[code] as number) & inClass.hostChar) !== 0) continue;
    if (code === codes.dot) {
      if (!labelOk(url, labelStart, i)) return undefined;
      labelStart = i + 1;
    } else if (code === codes.slash || code === codes.colon) {
      break;
    } else {
      return undefined;
    }
  }
  if (!labelOk(url, labelStart, i) || !inSet(alpha, url.charCodeAt(labelStart))) return undefined;
  const hostEnd = i;
  let port = -1;
  if (i < length && url.charCodeAt(i) === codes.colon) {
    const portStart = i + 1;
    port = 0;
    for (i = portStart; i < length; i++) {
      const code = url.charCodeAt(i);
      if (code === codes.slash) break;
      if (!inSet(digit, code)) return undefined;
      port = port * decimalRadix + (code - codes.digit0);
      if (port > maxPort) return undefined;
    }
    if (i === portStart) return undefined;
  }
  // i is at the "/" before the url-path, or at the end
  const pathStart = i + 1;
  let questionMark = -1;
  // ("?" and "%" are in neither class: a "?" starts the search part, once)
  let allowed: number = inClass.hpath;
  for (let k = pathStart; k < length; k++) {
    const code = url.charCodeAt(k);
    if (((classBits[code] as number) & allowed) !== 0) continue;
    if (code === codes.questionMark && questionMark === -1) {
      questionMark = k;
      allowed = inClass.search;
    } else if (code === codes.percentSign) {
      // (read only inside the URL: a read past its end gives NaN, which costs the JIT a deoptimization)
      if (k + 2 >= length || ((classBits[url.charCodeAt(k + 1)] as number) & (classBits[url.charCodeAt(k + 2)] as number) & inClass.hex) === 0) return undefined;
      k += 2;
    } else {
      return undefined;
    }
  }
  return buildParts(url, hostStart, hostEnd, port, i < length ? pathStart : -1, questionMark, scheme);
}

/**
 * The parts, each shape written out as one object literal (so each record's
 * parts is one allocation with its fields in place), in the full grammar's
 * order. `port` and `pathStart` are -1 when absent.
 */
function buildParts(
  url: string,
  hostStart: number,
  hostEnd: number,
  port: number,
  pathStart: number,
  questionMark: number,
  scheme: 'http' | 'https',
): UrlParts {
  const host = url.slice(hostStart, hostEnd);
  const defaultPort = scheme === 'http' ? httpPort : httpsPort;
  if (pathStart === -1) return port === -1 ? { host, defaultPort } : { host, port, defaultPort };
  const urlPath = url.slice(pathStart);
  if (questionMark === -1) {
    return port === -1
      ? { host, urlPath, path: urlPath, defaultPort }
      : { host, port, urlPath, path: urlPath, defaultPort };
  }
  const path = url.slice(pathStart, questionMark);
  const searchpart = url.slice(questionMark + 1);
  return port === -1
    ? { host, urlPath, path, searchpart, defaultPort }
    : { host, port, urlPath, path, searchpart, defaultPort };
}

/** A label `url[start..end)`: not empty, and neither end a "-". */
function labelOk(url: string, start: number, end: number): boolean {
  return end > start && url.charCodeAt(start) !== codes.dash && url.charCodeAt(end - 1) !== codes.dash;
}
