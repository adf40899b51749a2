/**
 * The http(s) fast path's answer written as a plain loop over the URL's
 * characters, each tested against the RFC 1738 §5 classes: the reference
 * the fast path (which tests the host and the path with native regular
 * expressions) is held to, answer and parts.
 */
import { codes } from '../../src/decode/character-codes.js';
import { alpha, alphadigit, charSet, digit, hex, inSet, uchar } from '../../src/parse/character-classes.js';
import type { UrlParts } from '../../src/parse/parsed-url.js';

const hpath = charSet(uchar, ';:@&=/');
const search = charSet(uchar, ';:@&=');
const hostChar = charSet(alphadigit, '-');
const maxPort = 65_535;
const decimalRadix = 10;

function labelOk(url: string, start: number, end: number): boolean {
  return end > start && url.charCodeAt(start) !== codes.dash && url.charCodeAt(end - 1) !== codes.dash;
}

/** The parts of a plain http(s) URL, or `undefined`, a character at a time. */
export function referenceHttpParts(url: string): UrlParts | undefined {
  const scheme = url.startsWith('http://') ? 'http' : url.startsWith('https://') ? 'https' : undefined;
  if (scheme === undefined) return undefined;
  const hostStart = scheme.length + '://'.length;
  let i = hostStart;
  let labelStart = i;
  for (; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (inSet(hostChar, code)) continue;
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
  const host = url.slice(hostStart, i);
  let port: number | undefined;
  if (i < url.length && url.charCodeAt(i) === codes.colon) {
    const portStart = i + 1;
    port = 0;
    for (i = portStart; i < url.length && url.charCodeAt(i) !== codes.slash; i++) {
      if (!inSet(digit, url.charCodeAt(i))) return undefined;
      port = port * decimalRadix + (url.charCodeAt(i) - codes.digit0);
      if (port > maxPort) return undefined;
    }
    if (i === portStart) return undefined;
  }
  const defaultPort = scheme === 'http' ? 80 : 443;
  if (i === url.length) return port === undefined ? { host, defaultPort } : { host, port, defaultPort };
  let questionMark = -1;
  let allowed = hpath;
  for (let k = i + 1; k < url.length; k++) {
    const code = url.charCodeAt(k);
    if (inSet(allowed, code)) continue;
    if (code === codes.questionMark && questionMark === -1) {
      questionMark = k;
      allowed = search;
    } else if (code === codes.percentSign && k + 2 < url.length && inSet(hex, url.charCodeAt(k + 1)) && inSet(hex, url.charCodeAt(k + 2))) {
      k += 2;
    } else {
      return undefined;
    }
  }
  const urlPath = url.slice(i + 1);
  const path = questionMark === -1 ? urlPath : url.slice(i + 1, questionMark);
  const parts: UrlParts = port === undefined ? { host, urlPath, path } : { host, port, urlPath, path };
  if (questionMark !== -1) parts.searchpart = url.slice(questionMark + 1);
  parts.defaultPort = defaultPort;
  return parts;
}
