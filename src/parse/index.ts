/**
 * The RFC 1738 URL parser of urlsift: `parse` a URL into its scheme's parts,
 * `format` it back, `decode` a part's escapes.
 */
export { decode } from './decode.js';
export { errorCodes, type ErrorCode } from './error-codes.js';
export { format } from './format-url.js';
export { parse } from './parse-url.js';
export type { ParseError, ParsedUrl, UrlParts } from './parsed-url.js';
