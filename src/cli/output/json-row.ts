/**
 * A row as JSON text, written field by field: the same text as
 * `JSON.stringify` of the record with the row's own fields after, and no
 * character that could steer a terminal raw.
 *
 * Most strings of a row (the URL, its raw text, its parts, the file name)
 * are printable ASCII with no `"` or `\`: such a string is its own JSON
 * between quotes, and one native test tells it. Only the others are
 * serialized by `JSON.stringify` and looked at for unsafe characters
 * (`safeJsonText` on each such string, where it used to look at the whole
 * row: the same text, as no escape spans two strings). The fields every
 * record has come first, in one order: when a record has them so, they are
 * written by one template, the rest field by field.
 */
import type { CliRow } from './cli-row.js';
import { safeJsonText } from './terminal-safe.js';
import type { MailRecord, Point, UrlRecord } from '../../records/url-record.js';
import { noErrors as fastPathErrors } from '../../parse/http-fast-path.js';

/** Printable ASCII but `"` and `\`: JSON writes such a string as it is between quotes, and a terminal shows it as it is. */
const plainText = /^[ !#-[\]-~]*$/;
/** Printable ASCII: JSON escapes only `"` and `\` in it, and a terminal shows it as it is. */
const printableText = /^[ -~]*$/;

/** Anything beyond ASCII. */
const beyondAscii = /[^\0-\x7f]/;

/**
 * Pieces of rows made so far that hold anything beyond ASCII. Every string
 * of a row is tested for printable ASCII on its way (the test that lets it
 * be written as it is), so counting costs nothing more: while the count
 * stays the same, the rows made hold only ASCII, and a text of them can be
 * written as Latin-1, the same bytes as its UTF-8, without the encoder
 * (which costs more than making the rows on a mailbox, whose decoded text
 * makes two-byte strings of ASCII). A count, not a flag: writers that ask
 * in turn never take each other's rows for ASCII.
 */
let beyondAsciiPieces = 0;

/** How many pieces of rows made so far held anything beyond ASCII: rows made while it stays the same are ASCII only. */
export function beyondAsciiCount(): number {
  return beyondAsciiPieces;
}

/** `json`, counted when it holds anything beyond ASCII. */
function noted(json: string): string {
  if (beyondAscii.test(json)) beyondAsciiPieces++;
  return json;
}

/** `text` as a JSON string, with no character that could steer a terminal raw. */
export function jsonString(text: string): string {
  if (plainText.test(text)) return `"${text}"`;
  return printableText.test(text) ? JSON.stringify(text) : noted(safeJsonText(JSON.stringify(text)));
}

/** `JSON.stringify(value)`, terminal-safe, noting whether it holds anything beyond ASCII; `undefined` where JSON writes nothing. */
function anyJson(value: unknown): string | undefined {
  const json = JSON.stringify(value) as string | undefined;
  return json === undefined ? undefined : noted(safeJsonText(json));
}

/** Is `text` ASCII only? JSON kept here for later rows is, so that a row taken from it needs no test; text rows are told so too. */
export function isAscii(text: string): boolean {
  return !beyondAscii.test(text);
}

/** A property's name as JSON, as the first field of an object (`{"name":`) and after another (`,"name":`). */
interface NameJson {
  first: string;
  next: string;
}

/** Names met, as JSON: a row's names are a few dozen, the same in every row. */
const names = new Map<string, NameJson>();
/** Some names come from the input (a prospero URL's fields): the table stops growing here. */
const namesKept = 1024;

function nameJson(name: string): NameJson {
  let json = names.get(name);
  if (json === undefined) {
    const quoted = jsonString(name);
    json = { first: `{${quoted}:`, next: `,${quoted}:` };
    if (names.size < namesKept && isAscii(quoted)) names.set(name, json);
  }
  return json;
}

/**
 * `value` as `JSON.stringify` writes it as a property's value, terminal-safe;
 * `undefined` where JSON leaves the property out (`undefined`, a function,
 * a symbol). Plain objects and arrays are written here; any other object
 * (one with a prototype of its own, which may have a `toJSON`) by
 * `JSON.stringify`.
 */
function valueJson(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return jsonString(value);
    case 'number':
      return Number.isFinite(value) ? `${value}` : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) return arrayJson(value);
      return isPlainObject(value) ? objectJson(value as Record<string, unknown>) : anyJson(value);
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    default:
      // a bigint: JSON.stringify's TypeError, as before
      return anyJson(value);
  }
}

function isPlainObject(value: object): boolean {
  return Object.getPrototypeOf(value) === Object.prototype;
}

function arrayJson(array: readonly unknown[]): string {
  if (array.length === 0) return '[]';
  let json = `[${valueJson(array[0]) ?? 'null'}`;
  for (let i = 1; i < array.length; i++) json += `,${valueJson(array[i]) ?? 'null'}`;
  return `${json}]`;
}

/** A plain object as JSON (`undefined` when its `toJSON` gives nothing JSON writes). */
function objectJson(object: Record<string, unknown>): string | undefined {
  let json = '';
  for (const name in object) {
    if (name === 'toJSON') return anyJson(object);
    const value = valueJson(object[name]);
    if (value === undefined) continue;
    const named = nameJson(name);
    json += (json === '' ? named.first : named.next) + value;
  }
  return json === '' ? '{}' : `${json}}`;
}

/** Is `value` a number JSON writes as `String` does: a small integer, as every place's are? */
function isSmallInteger(value: unknown): value is number {
  return typeof value === 'number' && (value | 0) === value;
}

const pointFields = ['line', 'column', 'offset'] as const;

/**
 * A record's place (`{line, column, offset}`) as JSON, at once when it has
 * those three fields in that order and no other, each a small integer;
 * otherwise as any other value.
 */
function pointJson(point: unknown): string | undefined {
  if (typeof point !== 'object' || point === null || !isPlainObject(point)) return valueJson(point);
  let fields = 0;
  for (const name in point) {
    if (name !== pointFields[fields]) return valueJson(point);
    fields++;
  }
  const { line, column, offset } = point as Point;
  if (fields !== pointFields.length || !isSmallInteger(line) || !isSmallInteger(column) || !isSmallInteger(offset)) return valueJson(point);
  return `{"line":${line},"column":${column},"offset":${offset}}`;
}

/** The last message's fields and its JSON, so that a message's rows write it once. */
let lastMessage: MailRecord['message'] | undefined;
let lastMessageJson = '';

/** Is `message` the same as `last` (every field the same)? */
function sameMessage(message: MailRecord['message'], last: MailRecord['message'] | undefined): boolean {
  if (last === undefined) return false;
  let fields = 0;
  for (const key in message) {
    if ((message as Record<string, unknown>)[key] !== (last as Record<string, unknown>)[key]) return false;
    fields++;
  }
  return fields === Object.keys(last).length;
}

/** A mail record's `message` as JSON: each record of a message has a `message` of its own, the same. */
function messageJson(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null || !isPlainObject(message)) return valueJson(message);
  if (sameMessage(message as MailRecord['message'], lastMessage)) return lastMessageJson;
  const json = objectJson(message as Record<string, unknown>);
  if (json === undefined) return undefined;
  // kept when ASCII only: a row taken from it is then known to be
  lastMessage = isAscii(json) ? { ...(message as MailRecord['message']) } : undefined;
  lastMessageJson = flat(json);
  return lastMessageJson;
}

/** The last file name's `"file"` field, as JSON, so that a file's rows write it once. */
let lastFile: string | undefined;
let lastFileJson = '';

function fileJson(file: string): string {
  if (file === lastFile) return lastFileJson;
  const json = `,"file":${jsonString(file)}`;
  lastFile = isAscii(json) ? file : undefined;
  lastFileJson = flat(json);
  return lastFileJson;
}

/** The fields every record has, in the order the record factory (`src/records/create-record.ts`) gives them. */
const commonFields = ['url', 'href', 'raw', 'scheme', 'form', 'alternatives', 'start', 'end', 'valid', 'errors', 'parts'] as const;

/** The fields between `raw` and `start` of a scheme and form (both plain), with `[],"start":` after them for a record of no other reading. */
interface Middle {
  before: string;
  beforeNone: string;
}

/**
 * Middles made, by scheme and form, each one flat piece: a record's scheme
 * and form are a few, the same in row after row (http and https in turn).
 */
const middles = new Map<string, Map<string, Middle>>();
/** Schemes come from the input: the table stops growing here. */
const middlesKept = 256;
let middlesMade = 0;

/** The last middle taken from the table, with its scheme and form: rows in a row are mostly of one. */
let lastMiddleScheme: string | undefined;
let lastMiddleForm: string | undefined;
let lastMiddle: Middle | undefined;

/** The middle of `scheme` and `form`, when both are plain strings. */
function middleOf(scheme: unknown, form: unknown): Middle | undefined {
  if (scheme === lastMiddleScheme && form === lastMiddleForm) return lastMiddle;
  if (typeof scheme !== 'string' || typeof form !== 'string') return undefined;
  const kept = middles.get(scheme)?.get(form);
  if (kept !== undefined) {
    lastMiddleScheme = scheme;
    lastMiddleForm = form;
    lastMiddle = kept;
    return kept;
  }
  if (!plainText.test(scheme) || !plainText.test(form)) return undefined;
  const before = `,"scheme":"${scheme}","form":"${form}","alternatives":`;
  const middle = { before, beforeNone: `${before}[],"start":` };
  if (middlesMade >= middlesKept) return middle;
  middlesMade++;
  const made = { before: flat(middle.before), beforeNone: flat(middle.beforeNone) };
  let forms = middles.get(scheme);
  if (forms === undefined) middles.set(scheme, (forms = new Map()));
  forms.set(form, made);
  return made;
}

/** `text` as one flat string: a piece kept for many rows is copied once here, not walked as a rope in each row. */
function flat(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** The fields between `end` and `parts` of a valid record with no error. */
const validNoErrorsJson = ',"valid":true,"errors":[],"parts":';

/** A URL's raw text in double quotes (`"http://…"`) whose inside is printable ASCII with no `"` or `\`. */
const quotedPlainText = /^"[ !#-[\]-~]*"$/;

/** A part's name as JSON (`"name":`), when the http(s) fast path gives parts of that name; else `undefined`. */
function fastPartName(name: string): string | undefined {
  switch (name) {
    case 'host':
      return '"host":';
    case 'port':
      return '"port":';
    case 'urlPath':
      return '"urlPath":';
    case 'path':
      return '"path":';
    case 'searchpart':
      return '"searchpart":';
    case 'defaultPort':
      return '"defaultPort":';
    default:
      return undefined;
  }
}

/**
 * The parts of a record the http(s) fast path read (its `errors` is that
 * path's one shared empty list), written with the names and values that
 * path gives: strings (slices of the URL, plain as it is, each still
 * tested) and port numbers, without the general walk (no name table, no
 * look at prototypes). Any other name or value gives `undefined`: the parts
 * are then written as any other value.
 */
function fastPartsJson(parts: object): string | undefined {
  let json = '';
  for (const name in parts) {
    const field = fastPartName(name);
    const value = (parts as Record<string, unknown>)[name];
    if (field === undefined) return undefined;
    const before = json === '' ? '{' : ',';
    if (typeof value === 'string' && plainText.test(value)) json += `${before}${field}"${value}"`;
    else if (isSmallInteger(value)) json += `${before}${field}${value}`;
    else return undefined;
  }
  return json === '' ? '{}' : `${json}}`;
}

/** `record`'s common fields as JSON (`{"url":…,"parts":{…}`, without the closing brace), when they are of the usual types; else `undefined`. */
function commonJson(record: UrlRecord): string | undefined {
  const { url, href, raw, scheme, form, alternatives, start, end, valid, errors, parts } = record;
  if (typeof url !== 'string' || !plainText.test(url) || typeof valid !== 'boolean') return undefined;
  const middle = middleOf(scheme, form);
  if (middle === undefined) return undefined;
  const hrefJson = href === undefined ? '' : `,"href":${valueJson(href) ?? ''}`;
  if (hrefJson === ',"href":') return undefined;
  const rawJson = raw === url ? `"${url}"` : typeof raw === 'string' && quotedPlainText.test(raw) ? `"\\${raw.slice(0, -1)}\\""` : valueJson(raw);
  const startJson = pointJson(start);
  const endJson = pointJson(end);
  // no other reading and no error (most records): one constant piece each side of `start`
  const noAlternatives = Array.isArray(alternatives) && alternatives.length === 0;
  const alternativesJson = noAlternatives ? '' : valueJson(alternatives);
  const noErrors = valid && Array.isArray(errors) && errors.length === 0;
  const errorsJson = noErrors ? '' : valueJson(errors);
  const partsJson = (errors === fastPathErrors ? fastPartsJson(parts) : undefined) ?? valueJson(parts);
  if (rawJson === undefined || startJson === undefined || endJson === undefined || alternativesJson === undefined || errorsJson === undefined || partsJson === undefined) {
    return undefined;
  }
  const beforeStart = noAlternatives ? middle.beforeNone : `${middle.before}${alternativesJson},"start":`;
  const beforeParts = noErrors ? validNoErrorsJson : `,"valid":${valid},"errors":${errorsJson},"parts":`;
  return `{"url":"${url}"${hrefJson},"raw":${rawJson}${beforeStart}${startJson},"end":${endJson}${beforeParts}${partsJson}`;
}

/** A field of a record as JSON, with its name (`,"name":value`), or `''` where JSON leaves it out. */
function fieldJson(name: string, value: unknown): string {
  const json = name === 'message' ? messageJson(value) : valueJson(value);
  return json === undefined ? '' : nameJson(name).next + json;
}

/** `json` (an object's) with `tail`'s fields before its closing brace. */
function spliced(json: string, tail: string): string {
  if (tail === '') return json;
  return json.length === 2 ? `{${tail.slice(1)}}` : `${json.slice(0, -1)}${tail}}`;
}

/** Any record as JSON, a field at a time, then `tail`. */
function anyRecordJson(record: UrlRecord, tail: string): string {
  const fields = record as unknown as Record<string, unknown>;
  let json = '';
  for (const name in fields) {
    if (name === 'toJSON') return spliced(anyJson(record) ?? '{}', tail);
    json += fieldJson(name, fields[name]);
  }
  json += tail;
  return json === '' ? '{}' : `{${json.slice(1)}}`;
}

/**
 * The row as one JSON object: the record as `JSON.stringify` writes it,
 * then `context`, `file` (unless the record names its own: a maildir
 * message) and `count`. Characters that could steer a terminal are escaped
 * as `\uNNNN`.
 */
export function rowJson(row: CliRow): string {
  const { record, file, context, count } = row;
  let tail = '';
  if (context !== undefined) tail += `,"context":${jsonString(context)}`;
  if ((record as MailRecord).file === undefined) tail += fileJson(file);
  if (count !== undefined) tail += `,"count":${count}`;
  // the common fields first, in their order, then any others
  const fields = record as unknown as Record<string, unknown>;
  let common = 0;
  let rest = '';
  for (const name in fields) {
    if (common < commonFields.length) {
      if (name !== commonFields[common]) return anyRecordJson(record, tail);
      common++;
      continue;
    }
    if (name === 'toJSON') return anyRecordJson(record, tail);
    rest += fieldJson(name, fields[name]);
  }
  const head = common === commonFields.length ? commonJson(record) : undefined;
  return head === undefined ? anyRecordJson(record, tail) : `${head}${rest}${tail}}`;
}

/** The file name of the rows `warmRows` writes (and drops). */
const warmUpFile = 'warm-up.txt';

/**
 * Rows of `records` written and dropped before a run's first row, each
 * plain and then with a context and a count, so that V8 optimizes
 * `rowJson` with every branch seen (records of other readings, of errors,
 * of the full grammar's parts, rows with context): a branch first met in
 * optimized code throws it away, and a dense run compiled `commonJson`
 * twice (about 100 ms of the compiler's time each). What a row notes
 * (pieces beyond ASCII, the last file) is as before.
 */
export function warmRows(records: readonly UrlRecord[]): void {
  if (records.length === 0) return;
  const beyondAsciiBefore = beyondAsciiPieces;
  for (const record of records) {
    rowJson({ record, file: warmUpFile });
    rowJson({ record, file: warmUpFile, context: record.raw, count: 2 });
  }
  beyondAsciiPieces = beyondAsciiBefore;
  lastFile = undefined;
}
