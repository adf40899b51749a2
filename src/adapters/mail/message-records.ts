/**
 * All records of one message: header fields, then the text and HTML parts in
 * message order, with positions mapped back to the file.
 *
 * - text/plain (and other text/*): decoded, format=flowed unwrapped, quote
 *   prefixes removed, scanned.
 * - text/html: URL attributes and text, via the HTML adapter.
 * - message/rfc822: its headers and parts, numbered under the part.
 * - anything else (PDF, images, …): skipped unread.
 * - multipart/alternative: a URL already found in an earlier alternative is
 *   not reported again from a later one.
 */
import libbase64 from 'libbase64';
import libqp from 'libqp';
import { scan } from '../../scanner/create-scanner.js';
import type { Point, UrlRecord } from '../../url-record.js';
import { decodeBytes, resolveCharset } from './charset.js';
import { decodeBody } from './decode-body.js';
import { findField } from './header-block.js';
import { scanHtml } from '../html/html-scanner.js';
import { headerUrls } from './list-headers.js';
import type { MailNoteCode } from './mail-notes.js';
import type { ResolvedMailOptions } from './mail-options.js';
import type { SourcePlace } from './mapped-text.js';
import { walkMessage, type MimeEntity } from './mime-walk.js';
import { prepareTextPart } from './text-part.js';

/** Turns places in the message bytes into points in the file. */
export interface Locator {
  point(place: SourcePlace): Point;
  /** Set when positions can only point at a span of the file (an encoded message/rfc822). */
  span?: { start: Point; end: Point };
}

export interface MessageInput {
  /** The message's bytes (mboxrd `>From ` already un-escaped). */
  bytes: Buffer;
  /** 0-based index of the message in its mbox or maildir. */
  index: number;
  locator: Locator;
  options: ResolvedMailOptions;
  note: (code: MailNoteCode, message: string, mimePart?: string) => void;
  /** Set on every record (maildir). */
  file?: string;
}

type Note = MessageInput['note'];

/** The records of one message, in message order. */
export function messageRecords(input: MessageInput): UrlRecord[] {
  const root = walkMessage(input.bytes, input.note);
  const messageId = findField(input.bytes, root.header, 'message-id')?.replace(/\s+/g, '');
  const context: Context = {
    bytes: input.bytes,
    locator: input.locator,
    options: input.options,
    note: input.note,
    message: messageId ? { index: input.index, messageId } : { index: input.index },
    file: input.file,
  };
  return entityRecords(context, root);
}

interface Context {
  bytes: Buffer;
  locator: Locator;
  options: ResolvedMailOptions;
  note: Note;
  message: { index: number; messageId?: string };
  file: string | undefined;
}

function entityRecords(context: Context, entity: MimeEntity): UrlRecord[] {
  const records: UrlRecord[] = [];
  if (entity.messagePart !== undefined) {
    const where = entity.messagePart || undefined;
    if (entity.header.eightBit) {
      context.note('header-8bit', 'raw 8-bit bytes in header lines (read as UTF-8 where valid, else Latin-1)', where);
    }
    for (const found of headerUrls(context.bytes, entity.header, context.options)) {
      records.push(
        finish(context, found.record, found.start, found.end, {
          mimePart: where,
          header: found.header,
          raw: decodeBytes(context.bytes.subarray(found.start.byte, found.end.byte), found.encoding),
        }),
      );
    }
  }
  if (entity.children.length > 0) {
    if (entity.contentType === 'multipart/alternative') {
      const seen = new Set<string>();
      for (const child of entity.children) {
        const own = entityRecords(context, child);
        for (const record of own) if (!seen.has(record.url)) records.push(record);
        for (const record of own) seen.add(record.url);
      }
    } else {
      for (const child of entity.children) records.push(...entityRecords(context, child));
    }
    return records;
  }
  if (entity.message) {
    records.push(...entityRecords(context, entity.message));
    return records;
  }
  if (entity.contentType === 'message/rfc822') {
    records.push(...encodedMessageRecords(context, entity));
    return records;
  }
  if (entity.contentType.startsWith('text/')) records.push(...textRecords(context, entity));
  return records;
}

/** A text/* leaf: plain text, or HTML. */
function textRecords(context: Context, entity: MimeEntity): UrlRecord[] {
  const { bytes } = context;
  const body = bytes.subarray(entity.bodyStart, entity.bodyEnd);
  const charset = resolveCharset(entity.params['charset'], entity.transferEncoding === 'base64' ? new Uint8Array() : body);
  const part = entity.part;
  if (charset.unknown !== undefined) {
    context.note('unknown-charset', `unknown charset ${JSON.stringify(charset.unknown)}: decoded as Latin-1`, part);
  }
  const decoded = decodeBody(
    { bytes, start: entity.bodyStart, end: entity.bodyEnd, line: entity.bodyLine, column: 1 },
    entity.transferEncoding,
    charset,
  );
  for (const problem of decoded.problems) {
    context.note(
      problem,
      problem === 'broken-base64'
        ? 'broken base64: invalid characters skipped, what decodes is scanned'
        : 'quoted-printable positions could not be mapped exactly on some lines',
      part,
    );
  }
  const text = decoded.text;
  const content = text.toString();
  if (content.length === 0) return [];
  const extra = (raw: string): Extra => ({ mimePart: part, raw, partPositions: decoded.partPositions });
  const rawOf = (start: SourcePlace, end: SourcePlace, fallback: string): string =>
    decoded.partPositions ? fallback : decodeBytes(bytes.subarray(start.byte, end.byte), charset.encoding);
  const records: UrlRecord[] = [];
  if (entity.contentType === 'text/html') {
    for (const record of scanHtml(content, context.options.scan)) {
      const start = text.start(record.start.offset);
      const end = text.end(record.end.offset);
      records.push(finish(context, record, start, end, extra(rawOf(start, end, record.raw))));
    }
    return records;
  }
  const format = (entity.params['format'] ?? '').toLowerCase();
  const prepared = prepareTextPart(content, {
    flowed: format === 'flowed',
    delSp: (entity.params['delsp'] ?? '').toLowerCase() === 'yes',
  });
  for (const record of scan(prepared.text, context.options.scan)) {
    const start = text.start(prepared.map.start(record.start.offset));
    const end = text.end(prepared.map.end(record.end.offset));
    records.push(finish(context, record, start, end, extra(rawOf(start, end, record.raw))));
  }
  return records;
}

/**
 * A message/rfc822 part sent as base64 or quoted-printable: decoded by the
 * library and walked on its own; its records point at the part.
 */
function encodedMessageRecords(context: Context, entity: MimeEntity): UrlRecord[] {
  const source = context.bytes.toString('latin1', entity.bodyStart, entity.bodyEnd);
  const bytes = entity.transferEncoding === 'base64' ? libbase64.decode(source) : entity.transferEncoding === 'quoted-printable' ? libqp.decode(source) : undefined;
  if (!bytes) return [];
  context.note('encoded-message', `message/rfc822 sent as ${entity.transferEncoding}: its URLs point at the part`, entity.part);
  const locator = context.locator;
  const end = endPlace(context.bytes, entity);
  const span = {
    start: locator.point({ byte: entity.bodyStart, line: entity.bodyLine, column: 1 }),
    end: locator.point(end),
  };
  const inner: Context = { ...context, bytes, locator: { point: () => span.start, span } };
  const root = walkMessage(bytes, context.note, 0, bytes.length, 0, entity.part);
  return entityRecords(inner, root);
}

function endPlace(bytes: Buffer, entity: MimeEntity): SourcePlace {
  let line = entity.bodyLine;
  let lineStart = entity.bodyStart;
  for (let lf = bytes.indexOf(0x0a, entity.bodyStart); lf !== -1 && lf < entity.bodyEnd; lf = bytes.indexOf(0x0a, lf + 1)) {
    line++;
    lineStart = lf + 1;
  }
  return { byte: entity.bodyEnd, line, column: entity.bodyEnd - lineStart + 1 };
}

interface Extra {
  mimePart: string | undefined;
  raw: string;
  header?: string;
  partPositions?: boolean;
}

/** Put the record's positions in the file and add the mail fields. */
function finish(context: Context, record: UrlRecord, start: SourcePlace, end: SourcePlace, extra: Extra): UrlRecord {
  // The record is this module's own (fresh from the scanner or the HTML finder): completed in place.
  const span = context.locator.span;
  if (span) {
    record.start = span.start;
    record.end = span.end;
  } else {
    record.raw = extra.raw;
    record.start = context.locator.point(start);
    record.end = context.locator.point(end);
  }
  record.message = { ...context.message };
  if (context.file !== undefined) record.file = context.file;
  if (extra.mimePart) record.mimePart = extra.mimePart;
  if (extra.header) record.header = extra.header;
  if (extra.partPositions === true || span !== undefined) record.position = 'part';
  return record;
}
