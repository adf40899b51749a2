/**
 * The rule ids of the messages `urlsift/remark` puts on a file
 * (`file.message(reason, {place, ruleId, source})`), in one place so that
 * tools filtering messages can import them. Each message also has a `url`:
 * the section of the Markdown guide about its rule.
 */

/** `source` of every message: the package. */
export const messageSource = 'urlsift';

export const ruleIds = {
  /**
   * A URL that RFC 3986 refuses too (a space, a control character, a `"`,
   * `<`, `>`, `{`, `}`, `|`, `\`, `^` or `` ` ``, a `%` that starts no
   * escape, a port that is not digits, a bad scheme, anything outside
   * ASCII): it is not a URL for any reader.
   */
  invalidUrl: 'invalid-url',
  /**
   * A URL that only RFC 1738 refuses, by rules RFC 3986 dropped: a reserved
   * character (`/`, `?`, `;`, `:`, `@`, `=`, `&`) where RFC 1738 wants it
   * encoded (in a query string, say), a user name in an `http` URL, a port
   * over 65535, a host name label with `_`, a `~`. Reported with option
   * `strict` only.
   */
  rfc1738Strict: 'rfc1738-strict',
  /**
   * A URL broken across lines right after a hyphen (RFC 1738, Appendix: "the
   * hyphen may or may not actually be part of the URL"): the other readings
   * are in `record.alternatives`.
   */
  ambiguousHyphen: 'ambiguous-hyphen',
} as const;

export type RuleId = (typeof ruleIds)[keyof typeof ruleIds];

/** Where a rule is explained: its section of the Markdown guide. */
export function ruleUrl(ruleId: RuleId): string {
  return `https://github.com/urlsift/urlsift/blob/main/docs/markdown.md#${ruleId}`;
}

/** Where the notes of the HTML adapter on `html` nodes (option `html`) are explained. */
export const htmlNotesUrl = 'https://github.com/urlsift/urlsift/blob/main/docs/markdown.md#notes-on-html-nodes';
