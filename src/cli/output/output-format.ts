/**
 * Writers for the CLI's output formats: each turns rows into text to write.
 * Rows are written straight to text, field by field: no object is built per
 * row, and a JSON row is the record as `JSON.stringify` writes it with the
 * row's own fields spliced in at its end.
 */
import type { OutputFormat } from '../cli-options.js';
import type { CliRow } from './cli-row.js';
import { escapeControls, hasUnsafe, safeJsonText } from './terminal-safe.js';
import type { MailRecord, UrlRecord } from '../../records/url-record.js';
import type { SummaryRun } from '../../report/link-summary.js';
import { reportWriter, type ReportSetting } from './report-writer.js';

export interface OutputWriter {
  /** Text before the first row. */
  begin(): string;
  /** Text for one row. */
  row(row: CliRow): string;
  /** Text after the last row, in pieces; `run`: the run's figures, which the reports show. */
  end(run?: SummaryRun): Iterable<string>;
}

/** The address a row shows: with `--href`, the URI a browser requests (a record's `href`), when it has one. */
export function shownUrl(record: UrlRecord, href: boolean): string {
  return href ? (record.href ?? record.url) : record.url;
}

/** `FILE:LINE:COL<TAB>URL[<TAB>or ALT…][<TAB>×COUNT][<TAB>CONTEXT]`; with `--href`, the URL is the record's `href` when it has one. */
function textWriter(href: boolean): OutputWriter {
  let lastFile: string | undefined;
  let lastFileText = '';
  return {
    begin: () => '',
    row({ record, file, context, count }) {
      if (file !== lastFile) {
        lastFile = file;
        lastFileText = escapeControls(file);
      }
      let line = `${lastFileText}:${record.start.line}:${record.start.column}\t${escapeControls(shownUrl(record, href))}`;
      for (const alternative of record.alternatives) line += `\tor ${escapeControls(alternative)}`;
      if (count !== undefined) line += `\t×${count}`;
      if (context !== undefined) line += `\t${escapeControls(context)}`;
      return `${line}\n`;
    },
    end: () => [],
  };
}

/** The last file name found safe, so a file's rows ask once. */
let lastSafeFile: string | undefined;
/** The last mail message (index, id, subject) found safe: a message's rows ask once. */
let lastSafeMessage: MailRecord['message'] | undefined;

/** Does `value` (a string, or strings inside arrays and objects) hold an unsafe character? */
function anyUnsafe(value: unknown): boolean {
  if (typeof value === 'string') return hasUnsafe(value);
  if (typeof value !== 'object' || value === null) return false;
  for (const inner of Array.isArray(value) ? value : Object.values(value)) if (anyUnsafe(inner)) return true;
  return false;
}

/** Is `message` the one last found safe (every field the same)? */
function sameMessage(message: MailRecord['message'], safe: MailRecord['message'] | undefined): boolean {
  if (safe === undefined) return false;
  let fields = 0;
  for (const key in message) {
    if ((message as Record<string, unknown>)[key] !== (safe as Record<string, unknown>)[key]) return false;
    fields++;
  }
  return fields === Object.keys(safe).length;
}

/** Could a record's `message` hold an unsafe character? Asked once for a message's rows. */
function messageUnsafe(message: MailRecord['message']): boolean {
  if (sameMessage(message, lastSafeMessage)) return false;
  if (anyUnsafe(message)) return true;
  lastSafeMessage = message;
  return false;
}

/**
 * Could the JSON of `row` hold a character that must not reach a terminal
 * raw? Only its text from the input can: the URL, its raw text and other
 * readings, and whatever else a record carries from its input (a message's
 * id and subject, a header name, an attribute, a maildir file), the file
 * name and the context; not the fields urlsift writes itself. Looking at
 * these few strings is a fraction of looking at the whole row, and a field
 * added to records later is looked at unless it is named here as derived.
 * A file name, and a message's id and subject, are looked at once for all
 * the rows that share them.
 */
function mayHoldUnsafe({ record, file, context }: CliRow): boolean {
  const fields = record as unknown as Record<string, unknown>;
  for (const key in fields) {
    const value = fields[key];
    switch (key) {
      // fields urlsift writes itself, or cuts from the URL (an error message
      // quotes characters of the URL; parts and `href` are made from it):
      // safe whenever the URL is
      case 'scheme':
      case 'form':
      case 'start':
      case 'end':
      case 'valid':
      case 'errors':
      case 'parts':
      case 'position':
      case 'mimePart':
      case 'href':
      case 'relative':
        break;
      // most records' raw text is their URL, and most have no other reading
      case 'raw':
        if (value !== record.url && anyUnsafe(value)) return true;
        break;
      case 'alternatives':
        if (!(Array.isArray(value) && value.length === 0) && anyUnsafe(value)) return true;
        break;
      case 'message':
        if (typeof value === 'object' && value !== null ? messageUnsafe(value as MailRecord['message']) : anyUnsafe(value)) return true;
        break;
      default:
        if (anyUnsafe(value)) return true;
    }
  }
  if (context !== undefined && hasUnsafe(context)) return true;
  if (file !== lastSafeFile) {
    if (hasUnsafe(file)) return true;
    lastSafeFile = file;
  }
  return false;
}

/** The last file name's `"file"` field, as JSON, so that a file's rows write it once. */
let lastFileJson: { file: string; json: string } | undefined;

function fileJson(file: string): string {
  if (lastFileJson?.file !== file) lastFileJson = { file, json: `,"file":${JSON.stringify(file)}` };
  return lastFileJson.json;
}

/**
 * The row as one JSON object: the record as `JSON.stringify` writes it
 * (V8's serializer beats any field-by-field writer in JavaScript), then
 * `context`, `file` (unless the record names its own: a maildir message) and
 * `count`, spliced in before the closing brace: no object is built per row.
 * Characters that could steer a terminal are escaped as `\uNNNN`; the whole
 * row is looked at for them only when its text from the input holds one.
 */
export function rowJson(row: CliRow): string {
  const { record, file, context, count } = row;
  const json = JSON.stringify(record);
  let tail = '';
  if (context !== undefined) tail += `,"context":${JSON.stringify(context)}`;
  if ((record as MailRecord).file === undefined) tail += fileJson(file);
  if (count !== undefined) tail += `,"count":${count}`;
  // `{}` has no field before the tail: its comma goes
  const whole = tail === '' ? json : json.length === 2 ? `{${tail.slice(1)}}` : `${json.slice(0, -1)}${tail}}`;
  return mayHoldUnsafe(row) ? safeJsonText(whole) : whole;
}

function jsonlWriter(): OutputWriter {
  return { begin: () => '', row: (row) => `${rowJson(row)}\n`, end: () => [] };
}

/** One JSON array, streamed row by row. */
function jsonWriter(): OutputWriter {
  let first = true;
  return {
    begin: () => '[',
    row(row) {
      const prefix = first ? '\n' : ',\n';
      first = false;
      return prefix + rowJson(row);
    },
    end: () => [first ? ']\n' : '\n]\n'],
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
