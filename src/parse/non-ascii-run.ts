/**
 * The message of a `non-ascii` error: the characters of one run outside
 * US-ASCII, and what a URI writes instead (RFC 3987 §3.1): their UTF-8
 * octets, percent-encoded, or in a host name the label IDNA writes (UTS #46,
 * as the WHATWG URL standard and browsers do).
 *
 * ```
 * http://例え.jp/パス  →  "例え" … "%E4%BE%8B%E3%81%88"; in a host name … "xn--r8jz45g"
 *                        "パス" … "%E3%83%91%E3%82%B9"
 * ```
 */

/** Characters of a run named in a message; a longer run is cut, with "…". */
const shownCharacters = 32;

const encoder = new TextEncoder();

/** The message for the run `input[from..to)`; `hostLabel`: the host name label it is in, if any. */
export function nonAsciiMessage(input: string, from: number, to: number, hostLabel: string | undefined): string {
  let shown = '';
  let count = 0;
  for (const character of input.slice(from, to)) {
    if (count++ === shownCharacters) break;
    shown += character;
  }
  const more = shown.length < to - from ? '…' : '';
  let message = `Characters outside US-ASCII must be encoded as UTF-8 octets: "${shown}${more}" is "${percentEncoded(shown)}${more}"`;
  if (hostLabel !== undefined) {
    const ascii = idnaLabel(hostLabel);
    if (ascii !== undefined) message += `; in a host name, IDNA writes the label "${hostLabel}" as "${ascii}"`;
  }
  return message;
}

/** `text` as percent-encoded UTF-8 octets (a lone surrogate as U+FFFD's, as browsers send it). */
export function percentEncoded(text: string): string {
  let out = '';
  for (const byte of encoder.encode(text)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

/** The ASCII form of one host name label by UTS #46 (`xn--…`), or `undefined` when it has none. */
function idnaLabel(label: string): string | undefined {
  try {
    const ascii = new URL(`http://${label}/`).hostname;
    return ascii === '' || ascii.includes('.') ? undefined : ascii;
  } catch {
    return undefined;
  }
}
