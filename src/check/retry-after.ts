/**
 * `Retry-After` (RFC 9110 §10.2.3): a number of seconds, or an HTTP date.
 */

/** The wait a `Retry-After` value asks for, in milliseconds from `now`; undefined when it says nothing readable. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (text === undefined || text === '') return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // an HTTP date names its day and month (`Wed, 21 Oct 2015 07:28:00 GMT`)
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
