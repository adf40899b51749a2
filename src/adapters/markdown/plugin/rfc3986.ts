/**
 * Which of the parser's errors RFC 3986 (the URI syntax of today) also
 * refuses, so that `invalid-url` speaks only of URLs no reader takes, and
 * RFC 1738's stricter rules go to `rfc1738-strict`. One row per error code
 * (the type checker holds the table to the list of codes): `true` when
 * RFC 3986's generic syntax refuses what the error names, `false` when it
 * allows it, or a function of the character when that decides.
 *
 * ```text
 * http://a.example/?q=a/b      reserved-character: RFC 3986 allows "/" in a query
 * http://a.example/{x}         national-character: RFC 3986 refuses "{" and "}"
 * http://a.example/~x          national-character: "~" is unreserved in RFC 3986
 * ```
 */
import type { ErrorCode } from '../../../parse/error-codes.js';
import type { ParseError } from '../../../parse/parsed-url.js';

type Refusal = boolean | ((url: string, error: ParseError) => boolean);

/** Characters RFC 1738 calls national that RFC 3986 allows: `~` (unreserved); `[` and `]` only around an IP literal host. */
const nationalAllowed = '~';

// rule: invalid-url
export const refusedByRfc3986 = {
  // a scheme is ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) in both
  'missing-scheme': true,
  'bad-scheme': true,
  // pct-encoded = "%" HEXDIG HEXDIG
  'bad-escape': true,
  // RFC 3986 allows ";/?:@=&" in paths, queries and fragments (pchar, sub-delims)
  'reserved-character': false,
  // "<", ">", '"' are never allowed; "#" only once, to start the fragment
  'unsafe-character': true,
  // "{", "}", "|", "\", "^", "`" are never allowed; "~" is unreserved
  'national-character': (url, error) => url.charAt(error.offset) !== nationalAllowed,
  'control-character': true,
  space: true,
  // a URI is ASCII (an IRI is another matter)
  'non-ascii': true,
  'invisible-character': true,
  // the generic syntax has `http:x` (path-rootless), an empty host, any reg-name, any number of digits in a port
  'missing-double-slash': false,
  'missing-host': false,
  'bad-host-label': false,
  'bad-host-number': false,
  // port = *DIGIT
  'port-not-digits': true,
  'port-out-of-range': false,
  'port-not-allowed': false,
  'userinfo-not-allowed': false,
  'missing-url-path': false,
  'unexpected-url-path': false,
  // the rules of RFC 1738's schemes: RFC 3986 leaves them to each scheme
  'bad-typecode': false,
  'empty-address': false,
  // RFC 822's address in a mailto URL is RFC 6068's rule, not RFC 3986's
  'bad-address': false,
  'bad-newsgroup': false,
  'bad-message-id': false,
  'bad-article-number': false,
  'bad-wais-path': false,
  'bad-fieldspec': false,
  'too-many-errors': false,
} as const satisfies Record<ErrorCode, Refusal>;

/** Does RFC 3986 refuse `url` for `error`? An error inside an IP literal host (`http://[::1]/`) is not a refusal. */
export function isRefusedByRfc3986(url: string, error: ParseError): boolean {
  const refusal: Refusal = refusedByRfc3986[error.code as ErrorCode] ?? true;
  if (refusal === false) return false;
  if (insideIpLiteral(url, error.offset)) return false;
  return refusal === true || refusal(url, error);
}

/** Is `url[offset]` inside the `[…]` of an IP literal host (`scheme://[…]`, `scheme://user@[…]`)? */
function insideIpLiteral(url: string, offset: number): boolean {
  const authority = url.indexOf('//');
  if (authority === -1 || authority !== url.indexOf(':') + 1) return false;
  let open = authority + 2;
  const at = url.indexOf('@', open);
  const slash = url.indexOf('/', open);
  if (at !== -1 && (slash === -1 || at < slash)) open = at + 1;
  if (url.charAt(open) !== '[') return false;
  const close = url.indexOf(']', open);
  return close !== -1 && offset >= open && offset <= close;
}
