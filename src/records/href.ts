/**
 * `href`: the URI a browser requests for a URL that holds characters a URI
 * must escape (RFC 3987 §3.1: an IRI maps to a URI), as the WHATWG URL
 * standard serializes it: the host by UTS #46 (IDNA, `xn--…`), the rest's
 * characters as UTF-8 octets, percent-encoded, and the standard's other
 * normalizations (lower-case scheme and host, a `/` path for an empty one,
 * a Windows path's `\` as `/` in a `file:` URL). For `http` and `https` it is
 * `new URL(url).href`, which is how it is computed here, for every scheme.
 *
 * ```
 * http://例え.jp/パス?q=日本  →  http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%E6%97%A5%E6%9C%AC
 * ```
 *
 * A URL of plain US-ASCII has none (it is its own URI, however a browser
 * would normalize it), nor has one the WHATWG parser rejects (a host IDNA
 * cannot write), nor one it serializes as written: records stay small, and
 * the common case costs nothing.
 */
import { codes } from '../decode/character-codes.js';

/** The WHATWG serialization of `url` when it holds characters a URI must escape and differs from it, else `undefined`. */
export function hrefOf(url: string): string | undefined {
  if (!needsEscaping(url)) return undefined;
  let href: string;
  try {
    href = new URL(url).href;
  } catch {
    return undefined;
  }
  return href === url ? undefined : href;
}

/**
 * Does `url` hold a character no URI holds unencoded (RFC 3986 §2: outside
 * `reserved`, `unreserved` and `%`): one beyond US-ASCII, a control, a space,
 * or one of `"<>\^`{|}`?
 */
function needsEscaping(url: string): boolean {
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code <= codes.space || code >= codes.delete || excluded[code] === 1) return true;
  }
  return false;
}

/** The printable US-ASCII characters RFC 3986 leaves out of URIs. */
const excluded = new Uint8Array(codes.asciiEnd);
for (const code of [
  codes.quotationMark,
  codes.lessThan,
  codes.greaterThan,
  codes.backslash,
  codes.circumflexAccent,
  codes.graveAccent,
  codes.leftCurlyBrace,
  codes.verticalBar,
  codes.rightCurlyBrace,
]) {
  excluded[code] = 1;
}
