/**
 * Input quoted in a note for people: a label, a header value or a name may
 * be a megabyte long, and a note echoes only its start and says how long it
 * was.
 */

/** Characters of input a note quotes at most. */
export const quotedLength = 64;

/** `text` in double quotes (JSON-escaped), cut after `quotedLength` characters with its length said. */
export function quoted(text: string): string {
  if (text.length <= quotedLength) return JSON.stringify(text);
  return `${JSON.stringify(text.slice(0, quotedLength))}… (${text.length} characters)`;
}
