/**
 * No character that can take over or mislead a terminal or a page reaches one
 * raw (the CLI's text, CSV, JSON and messages; the HTML and Markdown reports): C0
 * and C1 controls, DEL, the line and paragraph separators, the bidirectional
 * embeddings, overrides and isolates (which can show `evil.example` as
 * `paypal.com`), and the invisible formatting characters (zero-width space,
 * joiners, marks, word joiner, BOM) are written as escapes.
 */

import { codes } from '../decode/character-codes.js';

/** Inclusive ranges of the characters escaped. */
const unsafeRanges = [
  /** C0 controls. */
  [0x0000, 0x001f],
  /** DEL and the C1 controls. */
  [0x007f, 0x009f],
  /** Soft hyphen: invisible where a line does not break. */
  [0x00ad, 0x00ad],
  /** Arabic letter mark. */
  [0x061c, 0x061c],
  /** Mongolian vowel separator. */
  [0x180e, 0x180e],
  /** Zero-width space, non-joiner, joiner; left-to-right and right-to-left marks. */
  [0x200b, 0x200f],
  /** Line and paragraph separators; bidi embeddings and overrides (LRE, RLE, PDF, LRO, RLO). */
  [0x2028, 0x202e],
  /** Word joiner, invisible operators; bidi isolates (LRI, RLI, FSI, PDI); deprecated format characters. */
  [0x2060, 0x206f],
  /** Zero-width no-break space (BOM). */
  [0xfeff, 0xfeff],
  /** Interlinear annotation characters. */
  [0xfff9, 0xfffb],
] as const;

/** One native test for any of them before a loop looks at each character. */
const unsafePattern = new RegExp(
  `[${unsafeRanges.map(([from, to]) => `\\u${hex4(from)}-\\u${hex4(to)}`).join('')}]`,
);

function hex4(code: number): string {
  return code.toString(16).padStart(4, '0');
}

/** Last code written as `\xNN`. */
const lastByteCode = codes.latin1Last;

export function isUnsafe(code: number): boolean {
  for (const [from, to] of unsafeRanges) {
    if (code < from) return false;
    if (code <= to) return true;
  }
  return false;
}

/** Does `text` hold a character `escapeControls` would escape? */
export function hasUnsafe(text: string): boolean {
  return unsafePattern.test(text);
}

function replaceUnsafe(text: string, escape: (code: number) => string): string {
  if (!unsafePattern.test(text)) return text;
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isUnsafe(code)) continue;
    out += text.slice(from, i) + escape(code);
    from = i + 1;
  }
  return out + text.slice(from);
}

/** For text, CSV cells and messages: `\xNN` (up to FF) or `\uNNNN`. */
export function escapeControls(text: string): string {
  return replaceUnsafe(text, (code) => (code <= lastByteCode ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${hex4(code)}`));
}

/**
 * JSON text (already serialized) with no unsafe character raw: JSON.stringify
 * escapes C0 controls but leaves DEL, C1, the separators, bidi and invisible
 * characters raw; `\uNNNN` inside a JSON string reads back as the same text.
 */
export function safeJsonText(json: string): string {
  return replaceUnsafe(json, (code) => `\\u${hex4(code)}`);
}

/** `JSON.stringify(value)` with no unsafe character raw. */
export function safeJson(value: unknown): string {
  return safeJsonText(JSON.stringify(value));
}
