/**
 * The result of {@link parse}: what RFC 1738 makes of one URL string.
 *
 * `parts` holds the RFC's placeholders in camelCase, still percent-encoded
 * (use `decode` for the octets). A part is present only when it is present
 * in the URL: `ftp://@host.com/` has `user: ""` and no `password`.
 */
import type { ErrorCode } from './error-codes.js';

/** One problem found while parsing, as data. */
export interface ParseError {
  /** Stable kebab-case code, from `errorCodes`. */
  code: ErrorCode;
  /** A sentence for people. */
  message: string;
  /** 0-based offset into the input, in UTF-16 code units. */
  offset: number;
}

/** The structured parts of a URL; which keys appear depends on the scheme. */
export interface UrlParts {
  // §3.1 common internet scheme syntax
  user?: string;
  password?: string;
  /** As written (not lower-cased); `""` only for `file:///…` (or with an error). */
  host?: string;
  /** The port digits as a number (so leading zeros are not kept); absent beyond 2^53. */
  port?: number;
  /**
   * Everything after the "/" that follows host and port (§3.1: that "/" "is NOT
   * part of the url-path"), for every ip-based scheme; absent when there is no
   * such "/". The scheme's own parts below are read from it.
   */
  urlPath?: string;
  // ftp (§3.2)
  cwd?: string[];
  name?: string;
  typecode?: string;
  // http (§3.3)
  path?: string;
  searchpart?: string;
  // gopher (§3.4)
  /** `"1"` by default when the gopher-path is empty; then there is no `selector`. */
  gophertype?: string;
  /** Present (possibly `""`) whenever the gophertype is written in the URL. */
  selector?: string;
  search?: string;
  gopherPlus?: string;
  // mailto (§3.5)
  address?: string;
  // news (§3.6), nntp (§3.7)
  newsgroup?: string;
  /** The whole `<unique>@<full_domain_name>`. */
  messageId?: string;
  /** Absent when the digits are beyond 2^53 (the URL is still valid). */
  articleNumber?: number;
  // wais (§3.9)
  database?: string;
  wtype?: string;
  wpath?: string;
  // prospero (§3.11)
  hsoname?: string;
  /** `;name=value` pairs after the hsoname; a name given twice keeps its last value. */
  fields?: Record<string, string>;
  // generic form (otherurl, §5)
  /** For schemes RFC 1738 does not define; with user … urlPath too when it reads as an ip-schemepart. */
  schemepart?: string;
  // Appendix: a "#fragment" that travels with a URL; not part of the URL proper
  fragment?: string;
  /** The scheme's default port, when it has one. */
  defaultPort?: number;
}

export interface ParsedUrl {
  /** The string given to `parse`, unchanged. */
  input: string;
  /** Lower-cased scheme name, or `""` when there is none. */
  scheme: string;
  /** True when the URL follows RFC 1738 (with urlsift's documented extensions). */
  valid: boolean;
  errors: ParseError[];
  parts: UrlParts;
}
