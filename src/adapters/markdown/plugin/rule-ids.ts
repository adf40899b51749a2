/**
 * The rule ids of the messages `urlsift/remark` puts on a file
 * (`file.message(reason, {place, ruleId, source})`), in one place so that
 * tools filtering messages can import them.
 */

/** `source` of every message: the package. */
export const messageSource = 'urlsift';

export const ruleIds = {
  /** A URL that RFC 1738 does not allow (`record.valid === false`). */
  invalidUrl: 'invalid-url',
  /**
   * A URL broken across lines right after a hyphen (RFC 1738, Appendix: "the
   * hyphen may or may not actually be part of the URL"): the other readings
   * are in `record.alternatives`.
   */
  ambiguousHyphen: 'ambiguous-hyphen',
} as const;

export type RuleId = (typeof ruleIds)[keyof typeof ruleIds];
