/**
 * How the HTML adapter tells what it did not read. Bad input never throws:
 * each such place becomes a note, handed to `onNote`, and reading goes on.
 */

/** Stable kebab-case codes of the notes, one table. */
export const htmlNoteCodes = [
  /**
   * A `<meta>` charset label no browser knows (`utf-7`, `cp437`): ignored,
   * as browsers ignore it (WHATWG Encoding has no such label).
   */
  'unknown-charset',
  /**
   * A `<meta>` charset the Encoding standard maps to its replacement
   * encoding (ISO-2022-KR, HZ-GB-2312, ISO-2022-CN): browsers show one
   * U+FFFD for the whole document, and it is not read.
   */
  'replacement-charset',
  /** A URL attribute's value longer than 1 MiB: not read (the tag's other attributes are). */
  'attribute-too-long',
  /**
   * A `<base href>` not used as the base of relative links (too long, or
   * `javascript:` or `data:`): they are resolved against the document's URL,
   * as browsers do.
   */
  'base-not-used',
] as const;

export type HtmlNoteCode = (typeof htmlNoteCodes)[number];

/** One place of the input that was not read as it says. */
export interface HtmlNote {
  /** Stable code, from `htmlNoteCodes`. */
  code: HtmlNoteCode;
  /** A sentence for people, with the line when known (`line 3: …`). */
  message: string;
  /** 1-based line of the HTML the note is about, when known. */
  line?: number;
}

/** Where the adapter's modules send notes. */
export type HtmlNoteSink = (note: HtmlNote) => void;
