/**
 * Text into HTML: every string from the input is escaped for the place it
 * goes (element text or a quoted attribute value) after being made visible
 * (`visible.ts`), so `<`, `"`, `</script>` and bidi controls show as text.
 */
import { visible } from './visible.js';

const special = /[&<>"']/g;
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an element or a quoted attribute value: made visible, then `&<>"'` escaped. */
export function html(text: string): string {
  return visible(text).replace(special, (character) => entities[character] as string);
}

/** A string that is already safe to show (made by this code), escaped for HTML only. */
export function htmlOnly(text: string): string {
  return text.replace(special, (character) => entities[character] as string);
}
