/**
 * Records from Markdown: the URL of a link, image, definition or HTML
 * attribute (a URL string and a source span), and the scanner's records of
 * a run moved from run offsets to source offsets.
 */
import { parse } from '../../parse/index.js';
import type { ResolvedScanOptions } from '../../scan-options.js';
import type { Form, UrlRecord } from '../../url-record.js';
import type { LineIndex } from './line-index.js';
import type { MappedText } from './mapped-text.js';

/**
 * `scheme:` at the start: an absolute URL. Relative references (`./a.md`,
 * `#section`) are not URLs in RFC 1738's sense and are not reported. A
 * one-letter scheme is a drive letter (`C:\…`), not a scheme.
 */
const absolute = /^[A-Za-z][A-Za-z\d+.-]+:/;

/** Is `url` absolute (has a scheme)? */
export function isAbsolute(url: string): boolean {
  return absolute.test(url);
}

/**
 * The record for `url` found at `source[from, to)` (a link, image,
 * definition, autolink or HTML attribute), or undefined when it is not an
 * absolute URL or the options filter it out (`schemes`, `strict`).
 */
export function urlRecord(
  url: string,
  form: Form,
  from: number,
  to: number,
  lines: LineIndex,
  options: ResolvedScanOptions,
): UrlRecord | undefined {
  if (!isAbsolute(url)) return undefined;
  const parsed = parse(url);
  if (options.schemes !== undefined && !options.schemes.has(parsed.scheme)) return undefined;
  if (options.strict && !parsed.valid) return undefined;
  return {
    url,
    raw: lines.source.slice(from, to),
    scheme: parsed.scheme,
    form,
    alternatives: [],
    start: lines.point(from),
    end: lines.point(to),
    valid: parsed.valid,
    errors: parsed.errors,
    parts: parsed.parts,
  };
}

/** A scanner record of `text.text` moved to the Markdown source. */
export function mapRecord(record: UrlRecord, text: MappedText, lines: LineIndex): UrlRecord {
  const from = text.sourceStart(record.start.offset);
  const to = Math.max(from, text.sourceEnd(record.end.offset));
  return { ...record, raw: lines.source.slice(from, to), start: lines.point(from), end: lines.point(to) };
}
