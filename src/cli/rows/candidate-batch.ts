/**
 * The scanner's candidates in a compact batch, to cross between threads:
 * one string of their text (each URL, its raw text where it differs, its
 * other readings) and one `Float64Array` of numbers (form, lengths, the two
 * places). Objects crossing threads cost the main thread a collection each
 * (bench/NOTES.md, "JSON rows off the main thread"); a string and a typed
 * array are copied in one piece.
 *
 * The main thread fills a batch through `CandidateBatch.factory` (a
 * `RecordFactory` that keeps the candidate and makes no record); the rows'
 * thread makes the records from it with `recordsOf`, as the scanner would
 * have with `createRecord`.
 */
import { createRecord, type RecordFilter } from '../../records/create-record.js';
import type { Form, Point, UrlRecord } from '../../records/url-record.js';

/** Numbers per candidate before the lengths of its other readings. */
const fixedSlots = 11;

/** A batch as it crosses threads: plain data. */
export interface PackedCandidates {
  /** The candidates' strings, one after another. */
  text: string;
  /**
   * Per candidate: form index, URL length, where the URL is in the raw text
   * (-1: not in it; the URL is then in `text` before the raw text), the raw
   * text's length, readings, start line, column, offset, end line, column,
   * offset, then each reading's length.
   */
  numbers: Float64Array;
  /** The forms the form indexes name. */
  forms: string[];
  /** How many candidates. */
  count: number;
}

/** Candidates gathered in the main thread, in the scanner's order. */
export class CandidateBatch {
  /** The candidates' strings, joined at `take`. */
  private strings: string[] = [];
  private characters = 0;
  private numbers = new Float64Array(1024);
  private used = 0;
  private forms: string[] = [];
  private formIndex = new Map<string, number>();
  /** The last form met and its index: candidates in a row are mostly of one form. */
  private lastForm: string | undefined;
  private lastFormIndex = 0;
  /** Candidates gathered since the last `take`. */
  count = 0;
  /** Characters of text gathered since the last `take`. */
  get textLength(): number {
    return this.characters;
  }

  /** The scanner's record factory: keeps the candidate, makes no record (so the scanner keeps none). */
  readonly factory = (url: string, form: Form, alternatives: string[], raw: string, start: Point, end: Point): UrlRecord | undefined => {
    this.add(url, form, alternatives, raw, start, end);
    return undefined;
  };

  add(url: string, form: Form, alternatives: readonly string[], raw: string, start: Point, end: Point): void {
    let index = form === this.lastForm ? this.lastFormIndex : this.formIndex.get(form);
    if (index === undefined) {
      index = this.forms.length;
      this.forms.push(form);
      this.formIndex.set(form, index);
    }
    this.lastForm = form;
    this.lastFormIndex = index;
    const need = this.used + fixedSlots + alternatives.length;
    if (need > this.numbers.length) {
      const grown = new Float64Array(Math.max(need, this.numbers.length * 2));
      grown.set(this.numbers.subarray(0, this.used));
      this.numbers = grown;
    }
    const numbers = this.numbers;
    let at = this.used;
    // the URL is sent once: as where it is in the raw text, when the raw text holds it (`"http://…"`: most do)
    const urlAt = raw === url ? 0 : raw.indexOf(url);
    numbers[at++] = index;
    numbers[at++] = url.length;
    numbers[at++] = urlAt;
    numbers[at++] = raw.length;
    if (urlAt < 0) {
      this.strings.push(url);
      this.characters += url.length;
    }
    this.strings.push(raw);
    this.characters += raw.length;
    numbers[at++] = alternatives.length;
    numbers[at++] = start.line;
    numbers[at++] = start.column;
    numbers[at++] = start.offset;
    numbers[at++] = end.line;
    numbers[at++] = end.column;
    numbers[at++] = end.offset;
    for (const alternative of alternatives) {
      this.strings.push(alternative);
      this.characters += alternative.length;
      numbers[at++] = alternative.length;
    }
    this.used = at;
    this.count++;
  }

  /** The candidates gathered, packed; the batch starts empty again. */
  take(): PackedCandidates {
    const packed: PackedCandidates = { text: this.strings.join(''), numbers: this.numbers.slice(0, this.used), forms: this.forms, count: this.count };
    this.strings = [];
    this.characters = 0;
    this.used = 0;
    this.count = 0;
    this.forms = [];
    this.formIndex = new Map();
    this.lastForm = undefined;
    return packed;
  }
}

/** A character beyond Latin-1. */
const beyondLatin1 = /[^\0-\xff]/;

/**
 * `text` as a one-byte string when every character fits in one byte. Text
 * cut from a decoded piece holding one character beyond Latin-1 is
 * two-byte however plain, and so is every URL, part and row made of it:
 * most of the URL-dense file's are (bench/NOTES.md, "JSON Lines on
 * URL-dense text"). One copy of the batch here spares flattening and
 * encoding two-byte strings in each row.
 */
function oneByte(text: string): string {
  return beyondLatin1.test(text) ? text : Buffer.from(text, 'latin1').toString('latin1');
}

/** The records of `packed`, in order, made as the scanner makes them (`createRecord` under `filter`: a record it leaves out is not there). */
export function recordsOf(packed: PackedCandidates, filter: RecordFilter): UrlRecord[] {
  const { numbers, forms } = packed;
  const text = oneByte(packed.text);
  const records: UrlRecord[] = [];
  let at = 0;
  let from = 0;
  for (let i = 0; i < packed.count; i++) {
    const form = forms[numbers[at] as number] as Form;
    const urlLength = numbers[at + 1] as number;
    const urlAt = numbers[at + 2] as number;
    const rawLength = numbers[at + 3] as number;
    const readings = numbers[at + 4] as number;
    const start: Point = { line: numbers[at + 5] as number, column: numbers[at + 6] as number, offset: numbers[at + 7] as number };
    const end: Point = { line: numbers[at + 8] as number, column: numbers[at + 9] as number, offset: numbers[at + 10] as number };
    at += fixedSlots;
    let url: string;
    let raw: string;
    if (urlAt < 0) {
      url = text.slice(from, (from += urlLength));
      raw = text.slice(from, (from += rawLength));
    } else {
      raw = text.slice(from, (from += rawLength));
      url = urlAt === 0 && urlLength === rawLength ? raw : raw.slice(urlAt, urlAt + urlLength);
    }
    const alternatives: string[] = [];
    for (let r = 0; r < readings; r++) {
      const length = numbers[at++] as number;
      alternatives.push(text.slice(from, (from += length)));
    }
    const record = createRecord(url, form, alternatives, raw, start, end, filter);
    if (record !== undefined) records.push(record);
  }
  return records;
}
