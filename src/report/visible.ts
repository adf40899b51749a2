/**
 * Text from the input as the reports show it: characters that could steer
 * or mislead a reader (controls, bidirectional overrides, invisible
 * formatting) written as escapes (`\u202e`), tabs and line breaks as
 * spaces first where a line is shown, and long strings cut.
 */
import { escapeControls } from '../records/visible-text.js';

/** `text` with no character that could mislead a reader raw. */
export function visible(text: string): string {
  return escapeControls(text);
}

/** One line of `text`: tabs and line breaks as spaces, then escaped. */
export function visibleLine(text: string): string {
  return escapeControls(text.replace(/\r\n|[\r\n\t]/g, ' '));
}

/** `text` cut to at most `most` characters (ending with `…`), never inside a surrogate pair. */
export function cut(text: string, most: number): string {
  if (text.length <= most) return text;
  return `${text.slice(0, most - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

const numbers = new Intl.NumberFormat('en-US');

/** A whole number with thousands separators: `12,345`. */
export function formatCount(value: number): string {
  return numbers.format(value);
}

/** Bytes for people: `1.2 MB` (powers of 1000), exact below 1 kB. */
export function formatBytes(bytes: number): string {
  const units = ['kB', 'MB', 'GB', 'TB'];
  if (bytes < 1000) return `${formatCount(bytes)} bytes`;
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** `1 file`, `2 files`. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
