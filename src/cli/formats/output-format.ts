/**
 * Writers for the CLI's output formats: each turns records into text to write.
 */
import type { UrlRecord } from '../../url-record.js';
import type { OutputFormat } from '../cli-options.js';
import { escapeControls, safeJson } from './terminal-safe.js';

export interface OutputWriter {
  /** Text before the first record. */
  begin(): string;
  /** Text for one record. */
  record(record: UrlRecord): string;
  /** Text after the last record. */
  end(): string;
}

/** `FILE:LINE:COL<TAB>URL[<TAB>or ALT…][<TAB>×COUNT][<TAB>CONTEXT]` */
function textWriter(): OutputWriter {
  return {
    begin: () => '',
    record(record) {
      let line = `${escapeControls(record.file ?? '-')}:${record.start.line}:${record.start.column}\t${escapeControls(record.url)}`;
      for (const alternative of record.alternatives) line += `\tor ${escapeControls(alternative)}`;
      if (record.count !== undefined) line += `\t×${record.count}`;
      if (record.context !== undefined) line += `\t${escapeControls(record.context)}`;
      return `${line}\n`;
    },
    end: () => '',
  };
}

function jsonlWriter(): OutputWriter {
  return { begin: () => '', record: (record) => `${safeJson(record)}\n`, end: () => '' };
}

/** One JSON array, streamed record by record. */
function jsonWriter(): OutputWriter {
  let first = true;
  return {
    begin: () => '[',
    record(record) {
      const prefix = first ? '\n' : ',\n';
      first = false;
      return prefix + safeJson(record);
    },
    end: () => (first ? ']\n' : '\n]\n'),
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

/**
 * A CSV cell: quoted when needed; a cell a spreadsheet would run as a formula
 * (starting with `=`, `+`, `-`, `@`, tab or CR) gets a leading `'`.
 */
export function csvCell(value: string): string {
  let cell = escapeControls(value);
  if (/^[=+\-@\t\r]/.test(value)) cell = `'${cell}`;
  if (/[",\n\r]/.test(cell)) cell = `"${cell.replaceAll('"', '""')}"`;
  return cell;
}

function csvWriter(): OutputWriter {
  return {
    begin: () => `${csvColumns.join(',')}\n`,
    record(record) {
      const cells = [
        record.file ?? '-',
        String(record.start.line),
        String(record.start.column),
        String(record.end.line),
        String(record.end.column),
        record.url,
        record.scheme,
        record.form,
        String(record.valid),
        record.alternatives.join(' '),
        record.errors.map((error) => error.code).join(' '),
        record.count === undefined ? '' : String(record.count),
        record.context ?? '',
      ];
      return `${cells.map(csvCell).join(',')}\n`;
    },
    end: () => '',
  };
}

export function createOutputWriter(format: OutputFormat): OutputWriter {
  switch (format) {
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
