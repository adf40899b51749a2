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
 * - text outside a multipart's parts (its preamble and epilogue, where list
 *   software appends footers): scanned as text/plain.
 */
import { codes } from '../../decode/character-codes.js';
import libbase64 from 'libbase64';
import libqp from 'libqp';
import { maxBareUrlLength } from '../../scanner/recognizers/recognition.js';
import { Scanner } from '../../scanner/scanner.js';
import { createMailRecord } from '../../records/create-record.js';
import { quoted } from '../../records/quoted.js';
import type { MailRecord, Point, UrlRecord } from '../../records/url-record.js';
import { asciiTransparent, decodeBytes, resolveCharset } from '../../decode/charset.js';
import { isUtf8, spellsAscii } from '../../decode/eight-bit.js';
import { pointsAtPart } from './body-text.js';
import { decodeBodyPieces, type DecodedBody } from './decode-body.js';
import { looksQuotedPrintable } from './decode-quoted-printable.js';
import { findField } from './header-block.js';
import { messageNamed } from './message-name.js';
import { messageSubject } from './message-subject.js';
import { htmlDefaults } from '../html/html-options.js';
import { createHtmlScanner } from '../html/html-scanner.js';
import { headerUrls } from './list-headers.js';
import type { MailNoteCode } from './mail-notes.js';
import type { ResolvedMailOptions } from './mail-options.js';
import type { ResolvedScanOptions } from '../../scanner/scan-options.js';
import { endOfRange, type SourcePlace } from '../../source-map/source-map.js';
import { isHtmlType, isMessageType, isTextType, walkMessage, type MimeEntity } from './mime-walk.js';
import { TextPartPreparer } from './text-part.js';

/** Loaded with the first message (`scanMail` loads this module lazily): the subject of a message read as plain text. */
export { messageSubject };

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

/** How much decoded text is handed to the scanner at once: records are yielded as each piece completes them. */
const scanPiece = 64 * 1024;

/**
 * Decoded HTML kept behind what was given to the HTML scanner, for the
 * positions of its records: the scanner keeps 4 MiB of source behind the
 * end of what it was given (its tags are shorter, and text runs longer than
 * a MiB are scanned as they come), and positions further back than that
 * are past what it can place itself.
 */
const htmlHoldBack = (4 << 20) + 2 * scanPiece;

/**
 * The records of one message, in message order, yielded as they are found,
 * a group at a time (those of a header block, or of a piece of text): what
 * is held at once follows a piece of text, not the number of URLs in the
 * message, and a record costs no step of each generator it passes through.
 */
export function* messageRecords(input: MessageInput): Generator<MailRecord[]> {
  const root = walkMessage(input.bytes, input.note);
  const messageId = findField(input.bytes, root.header, 'message-id')?.replace(/\s+/g, '');
  const context: Context = {
    bytes: input.bytes,
    locator: input.locator,
    options: input.options,
    note: input.note,
    message: messageNamed(input.index, messageId, messageSubject(input.bytes, root.header)),
    file: input.file,
  };
  yield* entityRecords(context, root);
}

interface Context {
  bytes: Buffer;
  locator: Locator;
  options: ResolvedMailOptions;
  note: Note;
  message: MailRecord['message'];
  file: string | undefined;
}


/** The records of `entity` and the entities inside it, in groups (`messageRecords`). */
// rule: mail-alternatives-once
function* entityRecords(context: Context, entity: MimeEntity): Generator<MailRecord[]> {
  if (entity.messagePart !== undefined) {
    const where = entity.messagePart || undefined;
    if (entity.header.eightBit && !isUtf8(context.bytes.subarray(entity.header.start, entity.header.bodyStart))) {
      context.note('header-8bit', 'header lines hold bytes that are not UTF-8 (read as Latin-1)', where);
    }
    yield* placed(headerUrls(context.bytes, entity.header, context.options), (found) =>
      finish(context, found.record, found.start, found.end, {
        mimePart: where,
        header: found.header,
        raw: sourceText(context.bytes, found.start, found.end, found.encoding, asciiTransparent(found.encoding), found.record.raw),
      }),
    );
  }
  if (entity.children.length > 0) {
    if (entity.preamble !== undefined) yield* textRecords(context, entity.preamble);
    if (entity.contentType === 'multipart/alternative') {
      // a URL found in an earlier alternative is not reported again from a later one
      const seen = new Set<string>();
      for (const child of entity.children) {
        const own = new Set<string>();
        for (const records of entityRecords(context, child)) {
          // each group is this generator's own (`placed`): the records kept are moved up in it
          let kept = 0;
          for (const record of records) {
            if (!seen.has(record.url)) records[kept++] = record;
            own.add(record.url);
          }
          if (kept === 0) continue;
          if (kept < records.length) records.length = kept;
          yield records;
        }
        for (const url of own) seen.add(url);
      }
    } else {
      for (const child of entity.children) yield* entityRecords(context, child);
    }
    if (entity.epilogue !== undefined) yield* textRecords(context, entity.epilogue);
    return;
  }
  if (entity.message) {
    yield* entityRecords(context, entity.message);
    return;
  }
  if (isMessageType(entity.contentType)) {
    yield* encodedMessageRecords(context, entity);
    return;
  }
  if (isTextType(entity.contentType)) yield* textRecords(context, entity);
}

/** What each problem a decoder finds says. */
const problemText: Readonly<Record<DecodedBody['problems'][number], string>> = {
  'broken-base64': 'broken base64: invalid characters skipped, what decodes is scanned',
  'position-fallback': 'quoted-printable positions could not be mapped exactly on some lines',
  'text-after-base64': 'text after the base64 data (a footer?) is no base64: scanned as plain text',
};

/** The HTML scanner's options of a run, made once for all its HTML parts. */
const htmlOptions = new WeakMap<ResolvedScanOptions, ReturnType<typeof htmlDefaults>>();

function htmlOptionsOf(scan: ResolvedScanOptions): ReturnType<typeof htmlDefaults> {
  let options = htmlOptions.get(scan);
  if (options === undefined) {
    options = htmlDefaults(scan);
    htmlOptions.set(scan, options);
  }
  return options;
}

/** How many bytes of a base64 body's content are looked at to tell UTF-8 from Latin-1 when no charset is declared. */
const base64SampleSize = 12 * 1024;

/**
 * The first bytes a base64 body holds (its first `base64SampleSize`, whole
 * groups of four characters, white space passed over): what a part with no
 * charset is told UTF-8 or windows-1252 by, as an 8-bit part is by its own
 * bytes.
 */
// rule: mail-charset
function base64Sample(body: Uint8Array): Uint8Array {
  const wanted = (base64SampleSize / 3) * 4;
  // the characters gathered as bytes, read once as a string (one character at a time, a string grew by a rope node each)
  const picked = Buffer.allocUnsafe(Math.min(wanted, body.length));
  let length = 0;
  for (let i = 0; i < body.length && length < wanted; i++) {
    const code = body[i] as number;
    if (code > codes.space) picked[length++] = code;
  }
  return Buffer.from(picked.toString('latin1', 0, length - (length % 4)), 'base64');
}

/**
 * Each of `found` made a record by `place`, handed on as one new group
 * (none when there is none). Should `place` fail, the records made before
 * are handed on first: nothing found is lost to a later record's failure.
 */
function* placed<T>(found: Iterable<T>, place: (found: T) => MailRecord): Generator<MailRecord[]> {
  const records: MailRecord[] = [];
  try {
    for (const one of found) records.push(place(one));
  } catch (error) {
    if (records.length > 0) yield records;
    throw error;
  }
  if (records.length > 0) yield records;
}

/** A text/* leaf: plain text, or HTML. */
// rule: mail-html-parts
function* textRecords(context: Context, entity: MimeEntity): Generator<MailRecord[]> {
  const { bytes } = context;
  const body = bytes.subarray(entity.bodyStart, entity.bodyEnd);
  const charset = resolveCharset(entity.params['charset'], entity.transferEncoding === 'base64' ? base64Sample(body) : body);
  const part = entity.part;
  if (charset.unknown !== undefined) {
    context.note('unknown-charset', `unknown charset ${quoted(charset.unknown)}: decoded as Latin-1`, part);
  }
  const range = { bytes, start: entity.bodyStart, end: entity.bodyEnd, line: entity.bodyLine, column: 1 };
  const transferEncoding = readAs(context, entity);
  const noted = new Set<string>();
  const noteProblems = (decoded: DecodedBody): void => {
    for (const problem of decoded.problems) {
      if (noted.has(problem)) continue;
      noted.add(problem);
      context.note(problem, problemText[problem], part);
    }
  };
  const transparent = asciiTransparent(charset.encoding);
  /** What a record found at unit `offset` of the decoded text adds: its part, its `raw` (the source's text where positions are exact). */
  const extra = (decoded: DecodedBody, offset: number, start: SourcePlace, end: SourcePlace, found: string): Extra => {
    const partPositions = pointsAtPart(decoded, offset);
    return { mimePart: part, raw: partPositions ? found : sourceText(bytes, start, end, charset.encoding, transparent, found), partPositions };
  };
  // every encoding yields its body at least once
  let decoded!: DecodedBody;
  if (isHtmlType(entity.contentType)) {
    // decoded and fed in pieces, the URLs of each piece handed on before the next: a big part holds a piece's records at once
    // a part's charset is its MIME header's and nothing is resolved: a value too long is all the HTML adapter can note here
    const html = createHtmlScanner(htmlOptionsOf(context.options.scan), (note) => {
      if (note.code === 'attribute-too-long') context.note(note.code, note.message, part);
    });
    const located = (record: UrlRecord): MailRecord => {
      const start = decoded.text.startPlace(record.start.offset);
      const end = decoded.text.endPlace(record.end.offset);
      return finish(context, record, start, end, extra(decoded, record.start.offset, start, end, record.raw));
    };
    for (decoded of decodeBodyPieces(range, transferEncoding, charset, scanPiece)) {
      noteProblems(decoded);
      const content = decoded.text.take();
      for (let at = 0; at < content.length; at += scanPiece) {
        yield* placed(html.write(content.slice(at, at + scanPiece)), located);
      }
      decoded.text.release(decoded.text.length - htmlHoldBack);
    }
    yield* placed(html.end(), located);
    return;
  }
  // Decoded piece by piece, unwrapped and scanned as a stream: what is held
  // follows a piece and what the scanner may still report, not the size of the part.
  const format = (entity.params['format'] ?? '').toLowerCase();
  const preparer = new TextPartPreparer({
    flowed: format === 'flowed',
    delSp: (entity.params['delsp'] ?? '').toLowerCase() === 'yes',
  });
  const prepared = preparer.map;
  const scanOptions = context.options.scan;
  const scanner = new Scanner(scanOptions);
  // the scanner holds back at most an unclosed wrapper or a bare URL being read
  const holdBack = 4 * (scanOptions.maxWrapperLength + maxBareUrlLength);
  const located = (record: UrlRecord): MailRecord => {
    const offset = prepared.start(record.start.offset);
    const start = decoded.text.startPlace(offset);
    const end = decoded.text.endPlace(prepared.end(record.end.offset));
    return finish(context, record, start, end, extra(decoded, offset, start, end, record.raw));
  };
  /** Scan what was prepared since last time; forget what the scanner can no longer report. */
  function* scanPrepared(): Generator<MailRecord[]> {
    const content = prepared.take();
    for (let at = 0; at < content.length; at += scanPiece) {
      yield* placed(scanner.write(content.slice(at, at + scanPiece)), located);
    }
    const keep = prepared.length - holdBack;
    if (keep <= 0) return;
    decoded.text.release(prepared.start(keep));
    prepared.release(keep);
  }
  for (decoded of decodeBodyPieces(range, transferEncoding, charset, scanPiece)) {
    noteProblems(decoded);
    preparer.write(decoded.text.take());
    yield* scanPrepared();
  }
  preparer.end();
  yield* scanPrepared();
  yield* placed(scanner.end(), located);
}

/**
 * The transfer encoding a text part is decoded with: the one it declares,
 * or quoted-printable for a part declared 7bit or 8bit (or nothing) whose
 * body is plainly quoted-printable (`href=3D"…"`, soft line breaks), as
 * some mailers and much spam send HTML; a reader of such a part sees the
 * URLs its writer meant, a mail client shows them broken. Noted.
 */
function readAs(context: Context, entity: MimeEntity): string {
  const declared = entity.transferEncoding;
  if ((declared === '7bit' || declared === '8bit') && looksQuotedPrintable(context.bytes, entity.bodyStart, entity.bodyEnd)) {
    context.note('undeclared-quoted-printable', `part declared ${declared} is written in quoted-printable (=3D, soft line breaks): decoded as quoted-printable`, entity.part);
    return 'quoted-printable';
  }
  return declared;
}

/**
 * A message/rfc822 part sent as base64 or quoted-printable: decoded by the
 * library and walked on its own; its records point at the part.
 */
function* encodedMessageRecords(context: Context, entity: MimeEntity): Generator<MailRecord[]> {
  const source = context.bytes.toString('latin1', entity.bodyStart, entity.bodyEnd);
  const bytes = entity.transferEncoding === 'base64' ? libbase64.decode(source) : entity.transferEncoding === 'quoted-printable' ? libqp.decode(source) : undefined;
  if (!bytes) return;
  context.note('encoded-message', `message/rfc822 sent as ${entity.transferEncoding}: its URLs point at the part`, entity.part);
  const locator = context.locator;
  const start = { offset: entity.bodyStart, line: entity.bodyLine, column: 1 };
  const span = {
    start: locator.point(start),
    end: locator.point(endOfRange(context.bytes, start, entity.bodyEnd)),
  };
  const inner: Context = { ...context, bytes, locator: { point: () => span.start, span } };
  const root = walkMessage(bytes, context.note, 0, bytes.length, 0, entity.part);
  yield* entityRecords(inner, root);
}

/**
 * The text of the source bytes from `start` to `end` in `encoding`
 * (`transparent`: an ASCII-transparent one). `found`, the raw text the
 * scanner read, is that text whenever the bytes are its ASCII characters one
 * for one (the common case): then nothing is decoded again.
 */
function sourceText(bytes: Uint8Array, start: SourcePlace, end: SourcePlace, encoding: string, transparent: boolean, found: string): string {
  if (transparent && spellsAscii(bytes, start.offset, end.offset, found)) return found;
  return decodeBytes(bytes.subarray(start.offset, end.offset), encoding);
}

interface Extra {
  mimePart: string | undefined;
  raw: string;
  header?: string;
  partPositions?: boolean;
}

/** The record at its place in the file, with the mail fields: one new object. */
function finish(context: Context, found: UrlRecord, start: SourcePlace, end: SourcePlace, extra: Extra): MailRecord {
  const { locator, message, file } = context;
  const span = locator.span;
  const mimePart = extra.mimePart || undefined;
  const position = extra.partPositions === true || span !== undefined ? 'part' : undefined;
  const place = { message: messageNamed(message.index, message.messageId, message.subject), file, mimePart, header: extra.header || undefined, position } as const;
  return span
    ? createMailRecord(found, found.raw, span.start, span.end, place)
    : createMailRecord(found, extra.raw, locator.point(start), locator.point(end), place);
}
