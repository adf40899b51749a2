/**
 * Why a URL is broken: stable kebab-case codes (callers may match on them),
 * each with a sentence for people (which may be reworded). One list, in one
 * file, as the parser's error codes are.
 */
export const checkErrorCodes = {
  'invalid-url': 'The URL cannot be read as a URL to fetch',
  'http-status': 'The server answered with an error status',
  timeout: 'No answer within the timeout',
  'connection-reset': 'The server closed the connection without an answer',
  'connection-refused': 'The server refused the connection',
  'host-not-found': 'The host name does not resolve',
  tls: 'The secure connection failed (certificate or protocol)',
  'connection-failed': 'The connection failed',
  'redirect-loop': 'A redirect leads back to a URL already visited',
  'too-many-redirects': 'More redirects than allowed in a row',
  'bad-redirect': 'A redirect without a usable Location, or to a scheme that is not HTTP',
  'rate-limited': 'The server asked to wait longer than allowed (429 or 503 with Retry-After)',
  'fragment-missing': 'The page has no element with this id or name, no heading with this slug',
  'file-missing': 'No such file or folder',
  'file-unreadable': 'The file exists but cannot be read',
  'bad-address': 'Not an e-mail address (local-part@domain)',
} as const;

export type CheckErrorCode = keyof typeof checkErrorCodes;

/** A problem that makes a URL broken. */
export interface CheckError {
  code: CheckErrorCode;
  /** For people: the code's sentence, with what was seen. */
  message: string;
}

/** The error `code`, its sentence followed by `detail` when there is one. */
export function checkError(code: CheckErrorCode, detail?: string): CheckError {
  return { code, message: detail === undefined || detail === '' ? checkErrorCodes[code] : `${checkErrorCodes[code]}: ${detail}` };
}
