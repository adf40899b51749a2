/**
 * Writers for the CLI's output formats: each turns rows into text to write.
 * Rows are written straight to text, field by field: no object is built per
 * row, and a JSON row is the record as `JSON.stringify` writes it with the
 * row's own fields at its end (`json-row.ts`).
 */
import type { OutputFormat } from '../cli-options.js';
import type { CliRow } from './cli-row.js';
import { escapeControls, isPlainText } from './terminal-safe.js';
import { beyondAsciiCount, isAscii, rowJson, warmRows } from './json-row.js';
import { takeWarmUpRecords } from '../scan/warm-up.js';
import type { UrlRecord } from '../../records/url-record.js';
import type { SummaryRun } from '../../report/link-summary.js';
import { reportWriter, type ReportSetting } from './report-writer.js';

export interface OutputWriter {
  /** Text before the first row. */
  begin(): string;
  /** Text for one row. */
  row(row: CliRow): string;
  /** Text after the last row, in pieces; `run`: the run's figures, which the reports show. */
  end(run?: SummaryRun): Iterable<string>;
  /**
   * Did the rows made since the last call hold only ASCII? Their text can
   * then be written as Latin-1 (the same bytes as UTF-8, without encoding).
   * A writer without it does not know.
   */
  asciiRows?(): boolean;
}

/** The address a row shows: with `--href`, the URI a browser requests (a record's `href`), when it has one. */
export function shownUrl(record: UrlRecord, href: boolean): string {
  return href ? (record.href ?? record.url) : record.url;
}

/** `FILE:LINE:COL<TAB>URL[<TAB>or ALT…][<TAB>×COUNT][<TAB>CONTEXT]`; with `--href`, the URL is the record's `href` when it has one. */
function textWriter(href: boolean): OutputWriter {
  let lastFile: string | undefined;
  let lastFileText = '';
  let lastFileAscii = true;
  /** Has a row since the last `asciiRows()` held anything but printable ASCII? */
  let beyondAscii = false;
  /** `text` escaped, noting when it holds anything beyond ASCII. */
  const shown = (text: string): string => {
    if (isPlainText(text)) return text;
    const escaped = escapeControls(text);
    if (!isAscii(escaped)) beyondAscii = true;
    return escaped;
  };
  return {
    begin: () => '',
    row({ record, file, context, count }) {
      if (file !== lastFile) {
        lastFile = file;
        lastFileText = escapeControls(file);
        lastFileAscii = isAscii(lastFileText);
      }
      if (!lastFileAscii) beyondAscii = true;
      const { alternatives, start } = record;
      const url = shown(shownUrl(record, href));
      // most rows: a URL of one reading, alone
      if (alternatives.length === 0 && count === undefined && context === undefined) return `${lastFileText}:${start.line}:${start.column}\t${url}\n`;
      let line = `${lastFileText}:${start.line}:${start.column}\t${url}`;
      for (const alternative of alternatives) line += `\tor ${shown(alternative)}`;
      // (× is beyond ASCII)
      if (count !== undefined) {
        line += `\t×${count}`;
        beyondAscii = true;
      }
      if (context !== undefined) line += `\t${shown(context)}`;
      return `${line}\n`;
    },
    end: () => [],
    asciiRows() {
      const ascii = !beyondAscii;
      beyondAscii = false;
      return ascii;
    },
  };
}

export { rowJson };

/** `asciiRows` of the JSON writers: no piece beyond ASCII made since the last call. */
function asciiSince(): () => boolean {
  let seen = beyondAsciiCount();
  return () => {
    const count = beyondAsciiCount();
    const ascii = count === seen;
    seen = count;
    return ascii;
  };
}

/** `rowJson`, with the warm-up's records written (and dropped) before the first row: `warmRows`. */
function warmedRowJson(): (row: CliRow) => string {
  let first = true;
  return (row) => {
    if (first) {
      first = false;
      warmRows(takeWarmUpRecords());
    }
    return rowJson(row);
  };
}

function jsonlWriter(): OutputWriter {
  const json = warmedRowJson();
  return { begin: () => '', row: (row) => `${json(row)}\n`, end: () => [], asciiRows: asciiSince() };
}

/** One JSON array, streamed row by row. */
function jsonWriter(): OutputWriter {
  const json = warmedRowJson();
  let first = true;
  return {
    begin: () => '[',
    row(row) {
      const prefix = first ? '\n' : ',\n';
      first = false;
      return prefix + json(row);
    },
    end: () => [first ? ']\n' : '\n]\n'],
    asciiRows: asciiSince(),
  };
}

const csvColumns = [
  'file',
  'line',
  'column',
  'end_line',
  'end_column',
  'url',
  'scheme',
  'form',
  'valid',
  'alternatives',
  'errors',
  'count',
  'context',
] as const;

/** Starts a cell a spreadsheet would run as a formula. */
const formulaStart = /^[=+\-@\t\r]/;
/** A sign alone is no formula: standard input's name, `-`, stays as it is. */
const loneSign = /^[+-]$/;
/** A cell holding one of these is quoted. */
const needsQuotes = /[",\n\r]/;

/**
 * A CSV cell: quoted when needed; a cell a spreadsheet would run as a formula
 * (starting with `=`, `+`, `-`, `@`, tab or CR, but not a lone `+` or `-`)
 * gets a leading `'`.
 */
export function csvCell(value: string): string {
  let cell = escapeControls(value);
  if (formulaStart.test(value) && !loneSign.test(value)) cell = `'${cell}`;
  if (needsQuotes.test(cell)) cell = `"${cell.replaceAll('"', '""')}"`;
  return cell;
}

/** With `--href`: the `href` column after `url`, the URI a browser requests (empty when the record has none: its URL is one). */
const csvColumnsWithHref = [...csvColumns.slice(0, csvColumns.indexOf('url') + 1), 'href', ...csvColumns.slice(csvColumns.indexOf('url') + 1)];

function csvWriter(href: boolean): OutputWriter {
  return {
    begin: () => `${(href ? csvColumnsWithHref : csvColumns).join(',')}\n`,
    row({ record, file, context, count }) {
      const cells = [
        file,
        String(record.start.line),
        String(record.start.column),
        String(record.end.line),
        String(record.end.column),
        record.url,
        ...(href ? [record.href ?? ''] : []),
        record.scheme,
        record.form,
        String(record.valid),
        record.alternatives.join(' '),
        record.errors.map((error) => error.code).join(' '),
        count === undefined ? '' : String(count),
        context ?? '',
      ];
      return `${cells.map(csvCell).join(',')}\n`;
    },
    end: () => [],
  };
}

/**
 * `setting`: what the reports (html, markdown) need of the run; `href`
 * (`--href`): text shows a record's `href`, CSV has an `href` column (JSON
 * rows always hold it).
 */
export async function createOutputWriter(
  format: OutputFormat,
  setting: ReportSetting = { cwd: process.cwd(), paths: [] },
  href = false,
): Promise<OutputWriter> {
  switch (format) {
    case 'html':
    case 'markdown':
      return reportWriter(format, setting);
    case 'text':
      return textWriter(href);
    case 'jsonl':
      return jsonlWriter();
    case 'json':
      return jsonWriter();
    case 'csv':
      return csvWriter(href);
  }
}
