/**
 * From candidate to record: parse the URL (RFC 1738 grammar) and apply the
 * `schemes` and `strict` filters.
 */
import { parse } from '../parse/index.js';
import type { ResolvedScanOptions } from '../scan-options.js';
import type { Point, UrlRecord } from '../url-record.js';
import type { Candidate } from './candidate.js';

/** The record for a candidate, or undefined when the options filter it out. */
export function toRecord(
  candidate: Candidate,
  raw: string,
  start: Point,
  end: Point,
  options: ResolvedScanOptions,
): UrlRecord | undefined {
  const parsed = parse(candidate.url);
  if (options.schemes !== undefined && !options.schemes.has(parsed.scheme)) return undefined;
  if (options.strict && !parsed.valid) return undefined;
  return {
    url: candidate.url,
    raw,
    scheme: parsed.scheme,
    form: candidate.form,
    alternatives: candidate.alternatives,
    start,
    end,
    valid: parsed.valid,
    errors: parsed.errors,
    parts: parsed.parts,
  };
}
