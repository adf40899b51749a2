/**
 * A URL the scanner has delimited, before the parser has looked at it.
 * Offsets are absolute, in UTF-16 code units of the scanned text.
 */
import type { Form } from '../records/url-record.js';

export interface Candidate {
  /** The preferred reading. */
  url: string;
  /** The other readings (hyphen rule). */
  alternatives: string[];
  form: Form;
  /** Absolute start (inclusive) and end (exclusive) of `raw`. */
  start: number;
  end: number;
}
