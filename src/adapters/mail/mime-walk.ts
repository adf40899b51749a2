/**
 * The MIME structure of one message (RFC 2045, RFC 2046): entities with their
 * headers, body byte ranges and IMAP part numbers (RFC 3501 §6.4.5: "1",
 * "1.2"; the body of a non-multipart message is "1"; an encapsulated
 * message/rfc822 in part "3" has parts "3.1", …). Header parameters are
 * parsed by libmime (RFC 2231 continuations included).
 *
 * Lenient on bad input: a multipart without its closing delimiter ends where
 * its parent's range ends (`truncated-multipart`); one with no delimiter at
 * all is read as text (`missing-boundary`); nesting stops at a limit. The
 * text before a multipart's first delimiter and after its closing one is
 * kept as text leaves of their own: nothing in a message goes unread.
 */
import libmime from 'libmime';
import { codes } from '../../decode/character-codes.js';
import { findField, readHeaderBlock, type HeaderBlock } from './header-block.js';
import type { MailNoteCode } from './mail-notes.js';

export interface MimeEntity {
  /** IMAP part number: of the body for a leaf, of the entity for a multipart (`""` at the top). */
  part: string;
  /** Present on messages (the top one and encapsulated ones): the part number their headers belong to. */
  messagePart?: string;
  header: HeaderBlock;
  /** Lower-case `type/subtype`. */
  contentType: string;
  /** Content-Type parameters, lower-case names. */
  params: Record<string, string>;
  /** Lower-case Content-Transfer-Encoding (`7bit` when absent). */
  transferEncoding: string;
  bodyStart: number;
  bodyEnd: number;
  bodyLine: number;
  /** Parts of a multipart. */
  children: MimeEntity[];
  /** The message inside a message/rfc822 part sent as 7bit/8bit/binary. */
  message?: MimeEntity;
  /**
   * A multipart's text outside its parts (RFC 2046 §5.1.1): before the first
   * delimiter (the preamble) and after the closing one (the epilogue, where
   * list software appends its footer), each read as a text/plain leaf
   * numbered as the multipart. Absent when blank.
   */
  preamble?: MimeEntity;
  epilogue?: MimeEntity;
}

/** How deep multiparts and encapsulated messages are followed. */
export const maxDepth = 32;

const { lineFeed, carriageReturn, dash: hyphen, space, tab } = codes;

/** Parts that are a whole message, walked as one: RFC 2046's message/rfc822 and RFC 6532's message/global. */
const messageTypes = new Set(['message/rfc822', 'message/global']);

/**
 * Parts read as text besides `text/*`: reports of fields a mail server
 * writes, which hold URLs (a bounce's `Diagnostic-Code`, a spam report's
 * `Source-IP` and links).
 */
const reportTypes = new Set([
  'message/delivery-status',
  'message/global-delivery-status',
  'message/disposition-notification',
  'message/global-disposition-notification',
  'message/feedback-report',
  'message/global-headers',
]);

/** Is a part of this type a message (walked with its headers)? */
export function isMessageType(contentType: string): boolean {
  return messageTypes.has(contentType);
}

/**
 * Text under an `application/` name: a web page (XHTML, read as HTML) and
 * an address card (vCard's old names; RFC 6350 registers `text/vcard`),
 * both as mailers attach them. Other `application/` types stay unread:
 * XML's are mostly namespace names (`xmlns`), no links.
 */
const applicationTextTypes = new Set(['application/xhtml+xml', 'application/vcard', 'application/x-vcard']);

/** Is a part of this type scanned as text (`text/*`, the reports mail servers write, XHTML and vCards)? */
// rule: mime-text-parts
export function isTextType(contentType: string): boolean {
  return contentType.startsWith('text/') || reportTypes.has(contentType) || applicationTextTypes.has(contentType);
}

/** Is a part of this type read as HTML? */
export function isHtmlType(contentType: string): boolean {
  return contentType === 'text/html' || contentType === 'application/xhtml+xml';
}

type Note = (code: MailNoteCode, message: string, mimePart?: string) => void;

/** An entity's type, its parameters and its transfer encoding, from its header block (`defaultType` when it declares none). */
export function entityType(bytes: Buffer, header: HeaderBlock, defaultType: string): { contentType: string; params: Record<string, string>; transferEncoding: string } {
  const typeValue = findField(bytes, header, 'content-type');
  const structured = typeValue ? parsedType(typeValue) : { value: defaultType, params: {} };
  let contentType = String(structured.value || defaultType).trim().toLowerCase();
  if (!contentType.includes('/')) contentType = 'text/plain';
  const transferEncoding = (findField(bytes, header, 'content-transfer-encoding') ?? '7bit').trim().toLowerCase();
  return { contentType, params: structured.params, transferEncoding };
}

/**
 * Content-Type values already parsed, by their text: libmime's reading is a
 * function of the value, and a mailbox's leaf parts repeat a few values
 * (`text/plain; charset="us-ascii"`). A multipart's value, whose boundary
 * is its own, and a long one are not kept; the table is emptied when full.
 */
const parsedTypes = new Map<string, { value: string; params: Record<string, string> }>();
const maxParsedTypes = 256;
/** A longer value is parsed each time: the table holds a few KiB whatever the mail. */
const maxParsedTypeLength = 256;

/** `libmime.parseHeaderValue(value)`, from the table when it was read before (its parameters a copy: they are the caller's). */
function parsedType(value: string): { value: string; params: Record<string, string> } {
  let parsed = parsedTypes.get(value);
  if (parsed === undefined) {
    parsed = libmime.parseHeaderValue(value);
    if (value.length > maxParsedTypeLength || /boundary/i.test(value)) return parsed;
    if (parsedTypes.size >= maxParsedTypes) parsedTypes.clear();
    parsedTypes.set(value, parsed);
  }
  return { value: parsed.value, params: { ...parsed.params } };
}

/** A message part sent so is walked as a message (sent base64 or quoted-printable, it is decoded first). */
export function isUnencoded(transferEncoding: string): boolean {
  return transferEncoding === '7bit' || transferEncoding === '8bit' || transferEncoding === 'binary';
}

/** Walk the message in `bytes[start, end)` whose first line has index `line`. */
export function walkMessage(bytes: Buffer, note: Note, start = 0, end = bytes.length, line = 0, prefix = ''): MimeEntity {
  return walk(bytes, note, start, end, line, prefix, true, 'text/plain', 0);
}

// rule: mime-walk
function walk(
  bytes: Buffer,
  note: Note,
  start: number,
  end: number,
  line: number,
  prefix: string,
  isMessage: boolean,
  defaultType: string,
  depth: number,
): MimeEntity {
  const header = readHeaderBlock(bytes, start, end, line);
  const { contentType, params, transferEncoding } = entityType(bytes, header, defaultType);
  const multipart = contentType.startsWith('multipart/');
  const entity: MimeEntity = {
    part: multipart ? prefix : isMessage ? (prefix ? `${prefix}.1` : '1') : prefix,
    header,
    contentType,
    params,
    transferEncoding,
    bodyStart: Math.min(header.bodyStart, end),
    bodyEnd: end,
    bodyLine: header.bodyLine,
    children: [],
  };
  if (isMessage) entity.messagePart = prefix;
  if (depth >= maxDepth) {
    if (multipart || isMessageType(contentType)) {
      note('nesting-too-deep', `MIME nesting deeper than ${maxDepth} levels is not followed`, entity.part || undefined);
      entity.contentType = 'application/octet-stream';
    }
    return entity;
  }
  if (multipart) {
    splitMultipart(bytes, note, entity, depth);
  } else if (isMessageType(contentType) && isUnencoded(transferEncoding)) {
    entity.message = walk(bytes, note, entity.bodyStart, end, entity.bodyLine, entity.part, true, 'text/plain', depth + 1);
  }
  return entity;
}

/** Split a multipart body at its delimiter lines into child entities. */
// rule: mime-preamble-epilogue
function splitMultipart(bytes: Buffer, note: Note, entity: MimeEntity, depth: number): void {
  const boundary = entity.params['boundary'];
  const where = entity.part || undefined;
  if (!boundary) {
    note('missing-boundary', `${entity.contentType} without a boundary parameter: body read as text`, where);
    entity.contentType = 'text/plain';
    return;
  }
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  const childType = entity.contentType === 'multipart/digest' ? 'message/rfc822' : 'text/plain';
  let partStart = -1;
  let partLine = 0;
  let closed = false;
  let line = entity.bodyLine;
  for (let at = entity.bodyStart; at < entity.bodyEnd; line++) {
    const lf = bytes.indexOf(lineFeed, at);
    const lineEnd = lf === -1 || lf >= entity.bodyEnd ? entity.bodyEnd : lf + 1;
    const kind = bytes[at] === hyphen ? delimiterKind(bytes, at, lineEnd, delimiter) : undefined;
    if (kind) {
      if (partStart !== -1) addChild(bytes, note, entity, partStart, beforeLineBreak(bytes, partStart, at), partLine, childType, depth);
      else entity.preamble = textLeaf(bytes, entity.bodyStart, beforeLineBreak(bytes, entity.bodyStart, at), entity.bodyLine, entity.part);
      if (kind === 'close') {
        closed = true;
        entity.epilogue = textLeaf(bytes, lineEnd, entity.bodyEnd, line + 1, entity.part);
        break;
      }
      partStart = lineEnd;
      partLine = line + 1;
    }
    at = lineEnd;
  }
  if (partStart === -1) {
    note('missing-boundary', `${entity.contentType} with no delimiter line: body read as text`, where);
    entity.preamble = undefined;
    entity.epilogue = undefined;
    entity.contentType = 'text/plain';
    return;
  }
  if (!closed) {
    note('truncated-multipart', `${entity.contentType} ends without its closing delimiter`, where);
    addChild(bytes, note, entity, partStart, entity.bodyEnd, partLine, childType, depth);
  }
}

function addChild(
  bytes: Buffer,
  note: Note,
  entity: MimeEntity,
  start: number,
  end: number,
  line: number,
  defaultType: string,
  depth: number,
): void {
  const number = entity.children.length + 1;
  const part = entity.part ? `${entity.part}.${number}` : `${number}`;
  entity.children.push(walk(bytes, note, start, Math.max(start, end), line, part, false, defaultType, depth + 1));
}

/**
 * Text outside a multipart's parts, `bytes[start, end)` from line `line`: a
 * text/plain leaf without header fields, or undefined when it holds only
 * white space.
 */
function textLeaf(bytes: Buffer, start: number, end: number, line: number, part: string): MimeEntity | undefined {
  let at = start;
  while (at < end && isWhiteSpace(bytes[at]!)) at++;
  if (at === end) return undefined;
  return {
    part,
    header: { start, fields: [], bodyStart: start, bodyLine: line, eightBit: false },
    contentType: 'text/plain',
    params: {},
    transferEncoding: '7bit',
    bodyStart: start,
    bodyEnd: end,
    bodyLine: line,
    children: [],
  };
}

function isWhiteSpace(code: number): boolean {
  return code === space || code === tab || code === carriageReturn || code === lineFeed;
}

/** `--boundary` then optional white space: `open`; with `--` after it: `close`. */
export function delimiterKind(bytes: Buffer, start: number, end: number, delimiter: Buffer): 'open' | 'close' | undefined {
  if (end - start < delimiter.length || !bytes.subarray(start, start + delimiter.length).equals(delimiter)) return undefined;
  let i = start + delimiter.length;
  let kind: 'open' | 'close' = 'open';
  if (bytes[i] === hyphen && bytes[i + 1] === hyphen) {
    kind = 'close';
    i += 2;
  }
  for (; i < end; i++) {
    const code = bytes[i];
    if (code !== space && code !== tab && code !== carriageReturn && code !== lineFeed) return undefined;
  }
  return kind;
}

/** The line break before a delimiter belongs to the delimiter. */
function beforeLineBreak(bytes: Buffer, floor: number, at: number): number {
  let end = at;
  if (end > floor && bytes[end - 1] === lineFeed) end--;
  if (end > floor && bytes[end - 1] === carriageReturn) end--;
  return end;
}
