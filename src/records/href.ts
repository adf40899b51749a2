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
/** The WHATWG serialization of `url` when it holds characters a URI must escape and differs from it, else `undefined`. */
// rule: iri-href
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
 * A character no URI holds unencoded (RFC 3986 §2: outside `reserved`,
 * `unreserved` and `%`): one beyond printable US-ASCII (a control, a space,
 * beyond US-ASCII, UTF-16 code units) or one of `"<>\^`{|}`. One character
 * class, searched natively: no backtracking, one pass.
 */
const mustEscape = /[\x00-\x20"<>\\^`{|}\x7f-\uffff]/;

/** Does `url` hold a character a URI must escape? */
function needsEscaping(url: string): boolean {
  return mustEscape.test(url);
}
