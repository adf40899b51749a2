/**
 * One row of the CLI's output: a library record and what the CLI adds to it
 * (the file it came from, `--context`, `--unique`'s count), kept beside the
 * record instead of written into it. Plain data: rows cross the worker
 * boundary.
 */
import type { UrlRecord } from '../../records/url-record.js';

export interface CliRow {
  record: UrlRecord;
  /** The input's name as given or found (`-` for standard input). */
  file: string;
  /** Text around the URL (`--context`). */
  context?: string;
  /** Occurrences of the URL in the run (`--unique`). */
  count?: number;
}
