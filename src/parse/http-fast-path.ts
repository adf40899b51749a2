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
import { alpha, alphadigit, charSet, classSource, digit, hex, inSet, uchar } from './character-classes.js';
import type { ParseError, ParsedUrl, UrlParts } from './parsed-url.js';

/** §5 `hpath` characters (hsegments and "/"), escapes apart. */
const hpath = charSet(uchar, ';:@&=/');
/** §5 `search` characters, escapes apart. */
const search = charSet(uchar, ';:@&=');

/** §5 `escape`: "%" hex hex. */
const escape = `%[${classSource(hex)}]{2}`;
const alnum = `[${classSource(alphadigit)}]`;

/**
 * §5 `hostname` from where it starts to a ":", a "/" or the URL's end: labels
 * of alphadigit and "-" starting and ending with alphadigit (a label is an
 * alphadigit, then runs of "-" each before an alphadigit), the last starting
 * with alpha. A native test, fast from the first call (a loop of
 * `charCodeAt` runs in the interpreter for the first thousands of URLs of a
 * run). Linear: a label holds no ".", and each repetition ends at an
 * alphadigit, so a failed match gives back each label's ends once.
 */
const hostname = new RegExp(`(?:${alnum}(?:-*${alnum})*\\.)*[${classSource(alpha)}](?:-*${alnum})*(?=[:/]|$)`, 'y');

/**
 * §5 `hpath`, then an optional "?" and `search`, to the URL's end (no
 * fragment): characters of each class (escapes apart) or escapes. Linear:
 * "%" and "?" are in neither class, so each character is read one way.
 */
const pathAndSearch = new RegExp(`(?:[${classSource(hpath)}]|${escape})*(?:\\?(?:[${classSource(search)}]|${escape})*)?$`, 'y');

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
  hostname.lastIndex = hostStart;
  if (!hostname.test(url)) return undefined;
  const hostEnd = hostname.lastIndex;
  let i = hostEnd;
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
  if (i === length) return buildParts(url, hostStart, hostEnd, port, -1, -1, scheme);
  pathAndSearch.lastIndex = pathStart;
  if (!pathAndSearch.test(url)) return undefined;
  return buildParts(url, hostStart, hostEnd, port, pathStart, url.indexOf('?', pathStart), scheme);
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
