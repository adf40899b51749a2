/**
 * Writers for `urlsift check`'s formats: one row per distinct URL.
 *
 * - text: `STATUS<TAB>CODE<TAB>URL<TAB>FILE:LINE:COL[ (+N)]<TAB>WHY`, the
 *   place where the URL was first found and how many more places hold it;
 *   `WHY` is the error, the reason it was skipped or excluded, a note, or
 *   where its redirects led;
 * - jsonl, json: the result as `checkUrls` gives it;
 * - csv: a header row, then the same as text, cell by cell;
 * - markdown, html: a report (`check-report.ts`).
 */
import type { CheckResult } from '../../check/check-result.js';
import type { OutputFormat } from '../flags.js';
import { csvCell } from '../output/output-format.js';
import { escapeControls, safeJsonText } from '../output/terminal-safe.js';
import { checkReportWriter } from './check-report.js';

export interface CheckWriter {
  /** Text before the first row. */
  begin(): string;
  /** Text for one result. */
  row(result: CheckResult): string;
  /** Text after the last row (a report: the whole report, in pieces). */
  end(): Iterable<string>;
}

/** What to say after the URL: why it is broken, skipped or excluded, a note, or where it was sent. */
export function detailOf(result: CheckResult): string {
  if (result.error !== undefined) return result.error.message;
  if (result.reason !== undefined) return result.reason;
  const last = result.redirects.at(-1);
  const redirected = last === undefined ? '' : `redirected to ${last.location}${result.redirects.length > 1 ? ` (${result.redirects.length} redirects)` : ''}`;
  return [redirected, result.note ?? ''].filter((part) => part !== '').join('; ');
}

/** `FILE:LINE:COL`, and ` (+N)` for the other places. */
function placeOf(result: CheckResult): string {
  const first = result.places[0];
  const more = result.count > 1 ? ` (+${result.count - 1})` : '';
  if (first === undefined) return more.trim();
  return `${first.file ?? '-'}:${first.line}:${first.column}${more}`;
}

function textWriter(): CheckWriter {
  return {
    begin: () => '',
    row(result) {
      const cells = [result.status, result.code === undefined ? '-' : String(result.code), result.url, placeOf(result), detailOf(result)];
      return `${cells.map(escapeControls).join('\t')}\n`;
    },
    end: () => [],
  };
}

function jsonlWriter(): CheckWriter {
  return { begin: () => '', row: (result) => `${safeJsonText(JSON.stringify(result))}\n`, end: () => [] };
}

function jsonWriter(): CheckWriter {
  let first = true;
  return {
    begin: () => '[',
    row(result) {
      const prefix = first ? '\n' : ',\n';
      first = false;
      return prefix + safeJsonText(JSON.stringify(result));
    },
    end: () => [first ? ']\n' : '\n]\n'],
  };
}

const csvColumns = ['url', 'status', 'code', 'error', 'detail', 'file', 'line', 'column', 'count', 'redirects'] as const;

function csvWriter(): CheckWriter {
  return {
    begin: () => `${csvColumns.join(',')}\n`,
    row(result) {
      const first = result.places[0];
      const cells = [
        result.url,
        result.status,
        result.code === undefined ? '' : String(result.code),
        result.error?.code ?? '',
        detailOf(result),
        first?.file ?? '',
        first === undefined ? '' : String(first.line),
        first === undefined ? '' : String(first.column),
        String(result.count),
        String(result.redirects.length),
      ];
      return `${cells.map(csvCell).join(',')}\n`;
    },
    end: () => [],
  };
}

/** The writer of `format`; `subtitle` names what was checked (the HTML report's subtitle). */
export function createCheckWriter(format: OutputFormat, subtitle = ''): CheckWriter {
  switch (format) {
    case 'html':
    case 'markdown':
      return checkReportWriter(format, subtitle);
    case 'text':
      return textWriter();
    case 'jsonl':
      return jsonlWriter();
    case 'json':
      return jsonWriter();
    case 'csv':
      return csvWriter();
  }
}
