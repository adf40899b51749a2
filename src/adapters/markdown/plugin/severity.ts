/**
 * The plugin's first argument as unified-lint-rule reads one: options, a
 * severity, or `[severity, options]`, so that a lint configuration
 * (`["urlsift/remark", ["error", {strict: true}]]`) works as it does for
 * every remark-lint rule.
 *
 * | severity | meaning |
 * | --- | --- |
 * | `false`, `0`, `'off'` | off: no records, no messages, the tree untouched |
 * | `true`, `1`, `'on'`, `'warn'` | messages are warnings (the default) |
 * | `2`, `'error'` | messages are errors (`fatal: true`) |
 */

/** How much a message of the plugin matters. */
export type Severity = boolean | 0 | 1 | 2 | 'off' | 'on' | 'warn' | 'error';

export const severityLevels = { off: 0, warn: 1, error: 2 } as const;
export type SeverityLevel = (typeof severityLevels)[keyof typeof severityLevels];

const byName: Readonly<Record<string, SeverityLevel>> = { off: severityLevels.off, on: severityLevels.warn, warn: severityLevels.warn, error: severityLevels.error };

/**
 * The severity level and the options of the plugin's argument.
 *
 * @throws {TypeError} On a severity that is none of the above.
 */
export function splitSeverity(argument: unknown): { level: SeverityLevel; options: unknown } {
  if (isSeverity(argument)) return { level: levelOf(argument), options: undefined };
  if (Array.isArray(argument) && argument.length > 0 && argument.length <= 2 && isSeverity(argument[0])) {
    return { level: levelOf(argument[0]), options: argument[1] };
  }
  return { level: severityLevels.warn, options: argument };
}

function isSeverity(value: unknown): value is Severity {
  return typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string';
}

function levelOf(severity: unknown): SeverityLevel {
  if (severity === true) return severityLevels.warn;
  if (severity === false) return severityLevels.off;
  if (severity === severityLevels.off || severity === severityLevels.warn || severity === severityLevels.error) return severity;
  if (typeof severity === 'string' && Object.hasOwn(byName, severity)) return byName[severity] as SeverityLevel;
  throw new TypeError(`Expected a severity of false, true, 0, 1, 2, 'off', 'on', 'warn' or 'error', got ${JSON.stringify(severity)}`);
}
