/**
 * No character that can take over or mislead a terminal or a page reaches one
 * raw (the CLI's text, CSV, JSON and messages; the HTML and Markdown reports): C0
 * and C1 controls, DEL, the line and paragraph separators, the bidirectional
 * embeddings, overrides and isolates (which can show `evil.example` as
 * `paypal.com`), and the invisible characters (zero-width space, joiners,
 * marks, word joiner, BOM, the combining grapheme joiner, the Hangul
 * fillers, variation selectors and tag characters, which can hide text or
 * make two strings look alike) are written as escapes.
 *
 * Escapes stay unambiguous: in text, backslashes that could be read as the
 * start of one (a run of them before `x`, `u` or an escaped character) are
 * doubled, so a name holding a backslash, `x`, `1`, `b` never looks like
 * one holding ESC (`a\\x1b.txt` against `a\x1b.txt`); other backslashes
 * (`C:\dir`, a pattern's `\.`) stay as they are. Read back: a run of
 * backslashes before `x` or `u` is an escape when it is odd, each pair one
 * backslash. A file name's bytes that are not UTF-8 come as lone surrogates
 * U+DC80–U+DCFF (as the walker reads them) and are written `\xNN` in text
 * and `\\xNN` in JSON, whose strings must not hold lone surrogates.
 */

import { codes } from '../decode/character-codes.js';

/** Inclusive ranges of the characters escaped, by code point, in order. */
const unsafeRanges = [
  /** C0 controls. */
  [0x0000, 0x001f],
  /** DEL and the C1 controls. */
  [0x007f, 0x009f],
  /** Soft hyphen: invisible where a line does not break. */
  [0x00ad, 0x00ad],
  /** Combining grapheme joiner: invisible. */
  [0x034f, 0x034f],
  /** Arabic letter mark. */
  [0x061c, 0x061c],
  /** Hangul choseong and jungseong fillers: blank. */
  [0x115f, 0x1160],
  /** Mongolian vowel separator. */
  [0x180e, 0x180e],
  /** Zero-width space, non-joiner, joiner; left-to-right and right-to-left marks. */
  [0x200b, 0x200f],
  /** Line and paragraph separators; bidi embeddings and overrides (LRE, RLE, PDF, LRO, RLO). */
  [0x2028, 0x202e],
  /** Word joiner, invisible operators; bidi isolates (LRI, RLI, FSI, PDI); deprecated format characters. */
  [0x2060, 0x206f],
  /** Hangul filler: blank. */
  [0x3164, 0x3164],
  /** Variation selectors. */
  [0xfe00, 0xfe0f],
  /** Zero-width no-break space (BOM). */
  [0xfeff, 0xfeff],
  /** Halfwidth Hangul filler: blank. */
  [0xffa0, 0xffa0],
  /** Interlinear annotation characters. */
  [0xfff9, 0xfffb],
  /** Tag characters: invisible, they can spell hidden text. */
  [0xe0000, 0xe007f],
  /** Variation selectors supplement. */
  [0xe0100, 0xe01ef],
] as const;

/** The ranges of the Basic Multilingual Plane, as one character class. */
const bmpClass = unsafeRanges
  .filter(([from]) => from <= codes.lastBmpCodePoint)
  .map(([from, to]) => `\\u${hex4(from)}-\\u${hex4(to)}`)
  .join('');

/** The astral ranges, as UTF-16: their high surrogate is U+DB40. */
const astralPairs = '\\udb40[\\udc00-\\udc7f\\udd00-\\uddef]';

/** A surrogate without its other half. */
const loneSurrogate = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';

/** One native test for any of them before a loop looks at each character. */
const unsafePattern = new RegExp(`[${bmpClass}]|${astralPairs}|${loneSurrogate}`);

function hex4(code: number): string {
  return code.toString(16).padStart(4, '0');
}

function hex2(code: number): string {
  return code.toString(16).padStart(2, '0');
}

/** Last code written as `\xNN`. */
const lastByteCode = codes.latin1Last;

/** Is the character with code point `code` escaped? */
export function isUnsafe(code: number): boolean {
  for (const [from, to] of unsafeRanges) {
    if (code < from) return false;
    if (code <= to) return true;
  }
  return false;
}

/**
 * A character outside printable ASCII (space to `~`): every unsafe character
 * is one. A search for one class is a fraction of the cost of the whole
 * unsafe pattern's, and most text the command writes holds none.
 */
const beyondPrintableAscii = /[^ -~]/;

/** A character other than printable ASCII, or a backslash: text without one is its own escaped text. */
const beyondPlainText = /[^ -[\]-~]/;

/** Is `text` printable ASCII with no backslash (its own escaped text, one byte a character)? */
export function isPlainText(text: string): boolean {
  return !beyondPlainText.test(text);
}

/** Does `text` hold a character `escapeControls` would escape (a backslash aside)? */
export function hasUnsafe(text: string): boolean {
  return beyondPrintableAscii.test(text) && unsafePattern.test(text);
}

function isHigh(unit: number): boolean {
  return unit >= codes.highSurrogateFirst && unit <= codes.highSurrogateLast;
}

function isLow(unit: number): boolean {
  return unit >= codes.lowSurrogateFirst && unit <= codes.lowSurrogateLast;
}

/**
 * The unsafe character at `i`, if any: its code point (a lone surrogate's
 * own code) and its length in code units; undefined when it is safe.
 */
function unsafeAt(text: string, i: number): { code: number; length: number } | undefined {
  const unit = text.charCodeAt(i);
  if (isHigh(unit)) {
    const next = text.charCodeAt(i + 1);
    if (!isLow(next)) return { code: unit, length: 1 };
    const code = text.codePointAt(i) as number;
    return isUnsafe(code) ? { code, length: 2 } : undefined;
  }
  if (isLow(unit)) return i > 0 && isHigh(text.charCodeAt(i - 1)) ? undefined : { code: unit, length: 1 };
  return isUnsafe(unit) ? { code: unit, length: 1 } : undefined;
}

/** For text, CSV cells and messages: `\xNN` (up to FF, and a name's bytes), `\uNNNN`, `\u{NNNNN}`; backslashes that could start one doubled. */
export function escapeControls(text: string): string {
  // most text is printable ASCII without a backslash: one class searched first, the whole pattern only beyond it
  if (!beyondPlainText.test(text) || (!hasUnsafe(text) && !text.includes('\\'))) return text;
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; ) {
    const unit = text.charCodeAt(i);
    if (unit === codes.backslash) {
      // a run of backslashes before what reads as an escape (`x`, `u`, or an escaped character) is doubled
      let end = i + 1;
      while (text.charCodeAt(end) === codes.backslash) end++;
      const next = text.charCodeAt(end);
      if (next === codes.lowercaseX || next === codes.lowercaseU || (end < text.length && unsafeAt(text, end) !== undefined)) {
        out += text.slice(from, end) + text.slice(i, end);
        from = end;
      }
      i = end;
      continue;
    }
    const unsafe = unsafeAt(text, i);
    if (unsafe === undefined) {
      i++;
      continue;
    }
    out += text.slice(from, i) + textEscape(unsafe.code);
    i += unsafe.length;
    from = i;
  }
  return out + text.slice(from);
}

function textEscape(code: number): string {
  if (code <= lastByteCode) return `\\x${hex2(code)}`;
  if (code >= codes.nameByteFirst && code <= codes.nameByteLast) return `\\x${hex2(code - codes.lowSurrogateFirst)}`;
  return code > codes.lastBmpCodePoint ? `\\u{${code.toString(16)}}` : `\\u${hex4(code)}`;
}

/**
 * JSON text (already serialized) with no unsafe character raw: JSON.stringify
 * escapes C0 controls but leaves DEL, C1, the separators, bidi and invisible
 * characters raw; `\uNNNN` inside a JSON string reads back as the same text
 * (an astral one as its two halves). A name's bytes that are not UTF-8,
 * which JSON.stringify writes as lone surrogates (`\udce9`), become `\\xe9`.
 */
export function safeJsonText(json: string): string {
  let escaped = json;
  if (unsafePattern.test(json)) {
    let out = '';
    let from = 0;
    for (let i = 0; i < json.length; ) {
      const unsafe = unsafeAt(json, i);
      if (unsafe === undefined) {
        i++;
        continue;
      }
      out += json.slice(from, i);
      for (let k = 0; k < unsafe.length; k++) out += `\\u${hex4(json.charCodeAt(i + k))}`;
      i += unsafe.length;
      from = i;
    }
    escaped = out + json.slice(from);
  }
  return escaped.includes('\\udc') ? nameBytesInJson(escaped) : escaped;
}

/** `\udc80`–`\udcff` escapes (a name's bytes, as JSON.stringify writes lone surrogates) as `\\x80`–`\\xff`. */
function nameBytesInJson(json: string): string {
  let out = '';
  let from = 0;
  for (let i = json.indexOf('\\'); i !== -1 && i < json.length; ) {
    if (json.charCodeAt(i + 1) !== codes.lowercaseU) {
      // another escape (`\\`, `\"`, `\n`): passed over whole
      i = json.indexOf('\\', i + 2);
      continue;
    }
    const code = Number.parseInt(json.slice(i + 2, i + 6), 16);
    if (code >= codes.nameByteFirst && code <= codes.nameByteLast) {
      out += `${json.slice(from, i)}\\\\x${hex2(code - codes.lowSurrogateFirst)}`;
      from = i + 6;
    }
    i = json.indexOf('\\', i + 6);
  }
  return out + json.slice(from);
}

/** `JSON.stringify(value)` with no unsafe character raw. */
export function safeJson(value: unknown): string {
  return safeJsonText(JSON.stringify(value));
}
