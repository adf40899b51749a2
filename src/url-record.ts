/**
 * One URL found in text: the library's result row (the CLI's rows add their
 * own fields to it, in `cli/cli-row.ts`).
 */
import type { ParseError, UrlParts } from './parse/parsed-url.js';

/** Where a record was found. Positions count UTF-16 code units of the decoded text. */
export interface Point {
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
  /** 0-based offset. */
  offset: number;
}

/** How the URL was delimited in the source. */
export const forms = [
  'url-wrapper',
  'angle',
  'quoted',
  'bare',
  'markdown-link',
  'html-attribute',
  'header',
] as const;

export type Form = (typeof forms)[number];

export interface UrlRecord {
  /** The reading with wrapper and inserted whitespace removed. */
  url: string;
  /** The exact source text, wrapper included. */
  raw: string;
  /** Lower-cased scheme. */
  scheme: string;
  form: Form;
  /** Other readings (the hyphen rule): never silently dropped. */
  alternatives: string[];
  start: Point;
  /** Exclusive. */
  end: Point;
  valid: boolean;
  errors: ParseError[];
  parts: UrlParts;
  /** Mail: the message's own file, for a message of a maildir. */
  file?: string;
  /** Mail: which message. */
  message?: { index: number; messageId?: string };
  /** Mail: MIME part number such as "1.2". */
  mimePart?: string;
  /** Mail: the header the URL was found in. */
  header?: string;
  /** `"part"` when positions point at the start of a MIME part, not at the URL. */
  position?: 'part';
}
