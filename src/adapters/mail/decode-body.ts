/**
 * Content-transfer decoding of one body (or header value) into text mapped
 * back to the raw message. Base64 decoding is libbase64's (mailparser's own
 * decoder); quoted-printable is decoded here, line by line, exactly as
 * libqp decodes a line (libqp itself reads the rare line holding a CR that
 * does not end it), straight from the bytes into the bookkeeping of where
 * each decoded unit came from; charsets are iconv-lite's (see charset.ts).
 *
 * - 7bit / 8bit / binary: line by line; columns count the line's decoded
 *   UTF-16 units, so they match an editor showing the part in its charset.
 * - quoted-printable: physical lines are decoded one at a time (every QP rule
 *   is local to a line), soft breaks join them into hard lines, and the hard
 *   line is charset-decoded; columns count source characters (`=3D` is 3).
 *   A text part is decoded piece by piece (`decodeBodyPieces`), so what is
 *   held follows a piece, not the part.
 * - base64: decoded a MiB of source at a time; every unit points at the
 *   whole body (`position: "part"`).
 */
import libbase64 from 'libbase64';
import libqp from 'libqp';
import { asciiTransparent, decodeBytes, streamDecoder, type Charset } from '../../decode/charset.js';
import { hasEightBit, isUtf8 } from '../../decode/eight-bit.js';
import { endOfRange, SourceMap } from '../../source-map/source-map.js';
import { codes } from '../../decode/character-codes.js';

/** A byte range of the message and where it starts. */
export interface ByteRange {
  bytes: Buffer;
  start: number;
  end: number;
  /** 0-based line index of `start` in the message. */
  line: number;
  /** 1-based column of `start` (1 unless the range starts mid-line, as a header value does). */
  column: number;
}

export interface DecodedBody {
  text: SourceMap;
  /** True when positions point at the whole body (base64). */
  partPositions: boolean;
  /** Problems found while decoding, as note codes. */
  problems: Array<'broken-base64' | 'position-fallback'>;
}

const { lineFeed, equalsSign, carriageReturn, space, tab } = codes;

/** Maps of a body read in pieces: offsets within a message (below 1 GiB), taken text not kept. */
const streamed = { narrow: true, keepTaken: false } as const;

/** Decode `range` per `transferEncoding` and `charset`. */
export function decodeBody(range: ByteRange, transferEncoding: string, charset: Charset): DecodedBody {
  if (transferEncoding === '8bit' && asciiTransparent(charset.encoding) && !hasEightBit(range.bytes, range.start, range.end)) {
    // a header value, the common case: plain ASCII, one region
    const text = new SourceMap();
    text.region(range.bytes.toString('latin1', range.start, range.end), range.bytes, range.start, range.line, range.column);
    return { text, partPositions: false, problems: [] };
  }
  let body: DecodedBody | undefined;
  for (const piece of decodeBodyPieces(range, transferEncoding, charset, Infinity)) body = piece;
  return body as DecodedBody;
}

/**
 * `decodeBody` piece by piece: the same body is yielded each time more of it
 * is decoded, so the caller can `take` the new text and `release` what it no
 * longer needs. Quoted-printable yields after about `pieceBytes` of source,
 * at a line where no decoded line is pending; 7bit and 8bit at the first
 * line end after `pieceBytes`;
 * base64 after each MiB of source (its positions point at the whole part).
 */
export function* decodeBodyPieces(range: ByteRange, transferEncoding: string, charset: Charset, pieceBytes: number): Generator<DecodedBody> {
  const encoding = transferEncoding.trim().toLowerCase();
  if (encoding === 'base64') yield* decodeBase64(range, charset);
  else if (encoding === 'quoted-printable') yield* decodeQuotedPrintable(range, charset, pieceBytes);
  else yield* decodeEightBit(range, charset, pieceBytes);
}

/** End (exclusive, after its line feed) of the physical line starting at `at`. */
function lineEnd(range: ByteRange, at: number): number {
  const lf = range.bytes.indexOf(lineFeed, at);
  return lf === -1 || lf >= range.end ? range.end : lf + 1;
}

// ---------------------------------------------------------------------------
// 7bit, 8bit, binary

function* decodeEightBit(range: ByteRange, charset: Charset, pieceBytes: number): Generator<DecodedBody> {
  const text = new SourceMap(streamed);
  const body: DecodedBody = { text, partPositions: false, problems: [] };
  const transparent = asciiTransparent(charset.encoding);
  if (transparent && !hasEightBit(range.bytes, range.start, range.end)) {
    // Plain ASCII, the common case: regions, no decoder, each ending at the
    // first line end after `pieceBytes` (the unwrapping after it holds an
    // unfinished line whole: a line longer than a piece is one region).
    let line = range.line;
    let column = range.column;
    for (let from = range.start; from < range.end; ) {
      let to = range.end;
      if (from + pieceBytes < range.end) {
        const lf = range.bytes.indexOf(lineFeed, from + pieceBytes - 1);
        if (lf !== -1 && lf + 1 < range.end) to = lf + 1;
      }
      text.region(range.bytes.toString('latin1', from, to), range.bytes, from, line, column);
      if (to === range.end) break;
      ({ line, column } = placeAfter(range.bytes, from, to, line, column));
      from = to;
      yield body;
    }
    yield body;
    return;
  }
  const hard = HardLine.acquire();
  try {
    const { bytes } = range;
    let pieceStart = range.start;
    // plain ASCII lines (most lines of a part with a few accented ones): not decoded
    const ascii = new PlainLines(text, bytes);
    for (let start = range.start, end = 0, line = range.line; start < range.end; start = end, line++) {
      if (start - pieceStart >= pieceBytes) {
        ascii.upTo(start);
        pieceStart = start;
        yield body;
      }
      end = lineEnd(range, start);
      const column = start === range.start ? range.column : 1;
      if (transparent && !hasEightBit(bytes, start, end)) {
        ascii.add(start, line, column);
        continue;
      }
      ascii.upTo(start);
      const lineBytes = bytes.subarray(start, end);
      const decoded = decodeBytes(lineBytes, charset.encoding);
      if (isIdentity(decoded, lineBytes)) {
        text.copy(decoded, start, line, column);
        continue;
      }
      for (let i = start; i < end; i++) hard.push(bytes[i]!, i, 1, line, column + (i - start));
      hard.flush(text, charset.encoding, column);
    }
    ascii.upTo(range.end);
  } finally {
    HardLine.giveBack(hard);
  }
  yield body;
}

/**
 * Lines that decode to their own bytes, one unit a byte (plain ASCII in an
 * ASCII-transparent charset), in a row: they go out as one region of the
 * map when a line that does not comes, or a piece ends. No string or
 * segment is made for each line.
 */
class PlainLines {
  /** Offset of the run's first line; -1: no run. */
  private from = -1;
  private line = 0;
  private column = 1;

  constructor(
    private readonly text: SourceMap,
    private readonly bytes: Buffer,
  ) {}

  /** The line starting at `start` (line index `line`, first column `column`) is plain. */
  add(start: number, line: number, column: number): void {
    if (this.from !== -1) return;
    this.from = start;
    this.line = line;
    this.column = column;
  }

  /** The run, if any, ends before `to`: out it goes. */
  upTo(to: number): void {
    if (this.from === -1) return;
    this.text.region(this.bytes.toString('latin1', this.from, to), this.bytes, this.from, this.line, this.column);
    this.from = -1;
  }
}

/** Line and column of byte `to`, given those of byte `from` (each LF starts a line). */
function placeAfter(bytes: Buffer, from: number, to: number, line: number, column: number): { line: number; column: number } {
  const piece = bytes.subarray(from, to);
  const last = piece.lastIndexOf(lineFeed);
  if (last === -1) return { line, column: column + (to - from) };
  let lines = 0;
  for (let lf = piece.indexOf(lineFeed); lf !== -1; lf = piece.indexOf(lineFeed, lf + 1)) lines++;
  return { line: line + lines, column: to - from - last };
}

// ---------------------------------------------------------------------------
// quoted-printable

function isHex(code: number | undefined): boolean {
  return (
    code !== undefined &&
    ((code >= codes.digit0 && code <= codes.digit9) ||
      (code >= codes.uppercaseA && code <= codes.uppercaseF) ||
      (code >= codes.lowercaseA && code <= codes.lowercaseF))
  );
}

/** From `at`, past spaces and tabs that end the line (before CR or LF). */
function skipPadding(bytes: Buffer, at: number, end: number): number {
  let i = at;
  while (i < end && (bytes[i] === space || bytes[i] === tab)) i++;
  return i < end && (bytes[i] === carriageReturn || bytes[i] === lineFeed) ? i : at;
}

/** A line of quoted-printable that decodes to itself: no `=`, no 8-bit byte, no space or tab before its end. */
function isPlainQuotedPrintableLine(bytes: Buffer, start: number, end: number): boolean {
  let last = end;
  if (last > start && bytes[last - 1] === lineFeed) last--;
  if (last > start && bytes[last - 1] === carriageReturn) last--;
  if (last > start && (bytes[last - 1] === space || bytes[last - 1] === tab)) return false;
  for (let i = start; i < end; i++) {
    const byte = bytes[i]!;
    if (byte === equalsSign || byte >= codes.asciiEnd) return false;
  }
  return true;
}

function* decodeQuotedPrintable(range: ByteRange, charset: Charset, pieceBytes: number): Generator<DecodedBody> {
  const state: QuotedPrintableState = {
    text: new SourceMap(streamed),
    hard: HardLine.acquire(),
    problems: [],
    transparent: asciiTransparent(charset.encoding),
    start: range.start,
    line: range.line,
  };
  try {
    const body: DecodedBody = { text: state.text, partPositions: false, problems: state.problems };
    while (decodeQuotedPrintableLines(range, charset, state, pieceBytes)) yield body;
    state.hard.flush(state.text, charset.encoding);
    yield body;
  } finally {
    HardLine.giveBack(state.hard);
  }
}

/** Where a quoted-printable body decoded in pieces is. */
interface QuotedPrintableState {
  text: SourceMap;
  hard: HardLine;
  problems: DecodedBody['problems'];
  transparent: boolean;
  /** The next line to decode: its offset and 0-based line index. */
  start: number;
  line: number;
}

/**
 * Decode lines from `state.start` until `pieceBytes` of source are read and
 * a line starts where no decoded line is pending (then true: more to come),
 * or to the end of the body (false). A plain loop, out of the generator, for speed.
 */
function decodeQuotedPrintableLines(range: ByteRange, charset: Charset, state: QuotedPrintableState, pieceBytes: number): boolean {
  const { text, hard, problems, transparent } = state;
  const pieceStart = state.start;
  const plain = new PlainLines(text, range.bytes);
  for (let start = state.start, end = 0, line = state.line; start < range.end; start = end, line++) {
    if (hard.empty && start - pieceStart >= pieceBytes) {
      plain.upTo(start);
      state.start = start;
      state.line = line;
      return true;
    }
    end = lineEnd(range, start);
    const column0 = start === range.start ? range.column : 1;
    // Faster still, and no garbage: a plain line (no `=`, no 8-bit byte, no
    // padding before its end) decodes to itself.
    if (transparent && hard.empty && isPlainQuotedPrintableLine(range.bytes, start, end)) {
      plain.add(start, line, column0);
      continue;
    }
    plain.upTo(start);
    const lastByte = decodeQuotedPrintableLine(range.bytes, start, end, line, column0, transparent, text, hard);
    if (lastByte !== undefined) {
      // A hard line ends here; so may a soft one, where no multi-byte sequence can be open.
      if (lastByte === lineFeed || (transparent && lastByte !== -1 && lastByte < codes.asciiEnd)) hard.flush(text, charset.encoding);
      continue;
    }
    // A line holding a CR that does not end it (only inside an encoded message/rfc822): the library's own reading.
    const decoded = libqp.decode(range.bytes.toString('latin1', start, end));
    // Walk the source beside the library's output: `=XX` made one byte, any
    // other character one byte; what is left over (a soft break, trailing
    // white space) made none.
    let at = start;
    let exact = true;
    for (let k = 0; k < decoded.length; k++) {
      // White space before a line break is transport padding: the library drops it.
      if (decoded[k] === carriageReturn || decoded[k] === lineFeed) at = skipPadding(range.bytes, at, end);
      const code = range.bytes[at];
      let span = 1;
      if (code === equalsSign && isHex(range.bytes[at + 1]) && isHex(range.bytes[at + 2]) && at + 2 < end) {
        span = 3;
      }
      const expected = span === 3 ? Number.parseInt(range.bytes.toString('latin1', at + 1, at + 3), 16) : code;
      if (at + span > end || expected !== decoded[k]) {
        exact = false;
        break;
      }
      hard.push(decoded[k]!, at, span, line, column0 + (at - start));
      at += span;
    }
    if (!exact) {
      // Never seen with libqp; should it happen, the line's bytes point at the whole line.
      if (!problems.includes('position-fallback')) problems.push('position-fallback');
      hard.dropLine(line);
      for (let k = 0; k < decoded.length; k++) hard.push(decoded[k]!, start, end - start, line, column0, end - start);
    }
    // A hard line ends here; so may a soft one, where no multi-byte sequence can be open.
    const last = decoded.length > 0 ? decoded[decoded.length - 1]! : -1;
    if (last === lineFeed || (transparent && last !== -1 && last < codes.asciiEnd)) hard.flush(text, charset.encoding);
  }
  plain.upTo(range.end);
  return false;
}

/** The value of a hexadecimal digit (`isHex`). */
function hexValue(code: number): number {
  if (code <= codes.digit9) return code - codes.digit0;
  return (code >= codes.lowercaseA ? code - codes.lowercaseA : code - codes.uppercaseA) + 10;
}

/**
 * One physical line of quoted-printable decoded as libqp decodes a line
 * alone (white space before the line break dropped, `=` then the break a
 * soft break, `=XX` one byte, any other byte itself), straight from the
 * bytes: each decoded byte is pushed to `hard` with the source it came from
 * (or, for a line of plain ASCII with nothing pending, copied to `text`).
 * Returns the last byte decoded (-1: none), or `undefined`, with nothing
 * pushed, for a line holding a CR that does not end it.
 */
function decodeQuotedPrintableLine(
  bytes: Buffer,
  start: number,
  end: number,
  line: number,
  column0: number,
  transparent: boolean,
  text: SourceMap,
  hard: HardLine,
): number | undefined {
  let contentEnd = end;
  if (contentEnd > start && bytes[contentEnd - 1] === lineFeed) {
    contentEnd--;
    if (contentEnd > start && bytes[contentEnd - 1] === carriageReturn) contentEnd--;
  }
  let trimEnd = contentEnd;
  while (trimEnd > start && (bytes[trimEnd - 1] === space || bytes[trimEnd - 1] === tab)) trimEnd--;
  const soft = trimEnd > start && bytes[trimEnd - 1] === equalsSign;
  const dataEnd = soft ? trimEnd - 1 : trimEnd;
  let plain = true;
  for (let i = start; i < contentEnd; i++) {
    const code = bytes[i]!;
    if (code === carriageReturn) return undefined;
    if (code === equalsSign || code >= codes.asciiEnd) plain = false;
  }
  if (plain && transparent && hard.empty) {
    if (dataEnd > start) text.copy(bytes.toString('latin1', start, dataEnd), start, line, column0);
    if (soft || end === contentEnd) return dataEnd > start ? bytes[dataEnd - 1]! : -1;
    text.copy(bytes.toString('latin1', contentEnd, end), contentEnd, line, column0 + (contentEnd - start));
    return lineFeed;
  }
  let last = -1;
  for (let i = start; i < dataEnd; ) {
    const code = bytes[i]!;
    if (code === equalsSign && i + 2 < dataEnd && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
      last = hexValue(bytes[i + 1]!) * 16 + hexValue(bytes[i + 2]!);
      hard.push(last, i, 3, line, column0 + (i - start));
      i += 3;
    } else {
      last = code;
      hard.push(code, i, 1, line, column0 + (i - start));
      i++;
    }
  }
  if (!soft) {
    for (let i = contentEnd; i < end; i++) {
      last = bytes[i]!;
      hard.push(last, i, 1, line, column0 + (i - start));
    }
  }
  return last;
}

// ---------------------------------------------------------------------------
// base64

/** Is this byte of the base64 alphabet (padding included)? */
function isBase64Byte(code: number): boolean {
  return (
    (code >= codes.uppercaseA && code <= codes.uppercaseZ) ||
    (code >= codes.lowercaseA && code <= codes.lowercaseZ) ||
    (code >= codes.digit0 && code <= codes.digit9) ||
    code === codes.plusSign ||
    code === codes.slash ||
    code === equalsSign
  );
}

/** Does the body hold a byte outside the alphabet and white space, or end mid-quantum? Read in place, no copy of the body. */
function isBrokenBase64(range: ByteRange): boolean {
  let count = 0;
  for (let i = range.start; i < range.end; i++) {
    const code = range.bytes[i]!;
    if (isBase64Byte(code)) count++;
    else if (code !== space && code !== tab && code !== carriageReturn && code !== lineFeed) return true;
  }
  return count % 4 !== 0;
}

/** Source bytes read at once when decoding base64: the body is never held as one string, and each piece is small enough for the young generation (strings and buffers of 128 KiB or more go straight to the old one, freed only by a full collection). */
const base64Piece = 1 << 16;

/**
 * The body decoded by libbase64 a piece at a time, each piece ending where a
 * whole number of four-character quanta of the alphabet has been read (so
 * no quantum is cut, and padded segments decode as they do whole).
 */
function* base64Pieces(range: ByteRange): Generator<Buffer> {
  let from = range.start;
  let count = 0;
  let i = range.start;
  while (i < range.end) {
    const stop = Math.min(range.end, from + base64Piece);
    for (; i < range.end && (i < stop || count % 4 !== 0); i++) {
      if (isBase64Byte(range.bytes[i]!)) count++;
    }
    yield libbase64.decode(range.bytes.toString('latin1', from, i));
    from = i;
  }
}

/**
 * A base64 body, decoded and charset-decoded a piece at a time (a
 * character cut between pieces is completed by the next): each piece an atom
 * pointing at the whole body, so what is held follows a piece.
 */
function* decodeBase64(range: ByteRange, charset: Charset): Generator<DecodedBody> {
  const text = new SourceMap(streamed);
  const body: DecodedBody = { text, partPositions: true, problems: isBrokenBase64(range) ? ['broken-base64'] : [] };
  const start = { offset: range.start, line: range.line, column: range.column };
  const end = endOfRange(range.bytes, start, range.end);
  const decoder = streamDecoder(charset.encoding);
  for (const bytes of base64Pieces(range)) {
    text.atomAt(decoder.write(bytes), start, end);
    yield body;
  }
  text.atomAt(decoder.end(), start, end);
  yield body;
}

// ---------------------------------------------------------------------------
// Shared: one hard line of decoded bytes, each with its source span.

/** Is `text` exactly `bytes` read as ISO-8859-1 (so one unit per byte)? */
function isIdentity(text: string, bytes: Uint8Array): boolean {
  if (text.length !== bytes.length) return false;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) !== bytes[i]) return false;
  return true;
}

/**
 * Decoded bytes of one hard line, each with the source bytes it came from,
 * kept in typed arrays that grow and are reused (no object per byte).
 * `flush` charset-decodes them and appends to a mapped text: runs of bytes
 * that map one to one onto consecutive source bytes of one line become one
 * linear segment; any other unit (an escape, a multi-byte character) gets
 * the span of the bytes that made it. Where the charset does not say how
 * many bytes make a unit, the decoder is fed one byte at a time.
 */
const noBytes = new Uint8Array(0);
/** Hard lines kept for reuse (more are in use only while parts are read side by side). */
const maxSpareLines = 4;
/** Bytes a spare hard line may hold room for. */
const maxSpareUnits = 1 << 16;
const noNumbers = new Int32Array(0);

class HardLine {
  /** Lines not in use, for the next part: their arrays have grown already. */
  private static readonly spare: HardLine[] = [];

  /** A hard line to decode a part with, empty; `giveBack` it when the part is done. */
  static acquire(): HardLine {
    return HardLine.spare.pop() ?? new HardLine();
  }

  static giveBack(line: HardLine): void {
    line.n = 0;
    // one that grew for a very long line is left to the collector
    if (HardLine.spare.length < maxSpareLines && line.data.length <= maxSpareUnits) HardLine.spare.push(line);
  }

  private n = 0;
  // made on the first push: most parts are plain ASCII and never need them
  private data = noBytes;
  private byte = noNumbers;
  private span = noNumbers;
  private line = noNumbers;
  private column = noNumbers;
  private columnSpan = noNumbers;

  get empty(): boolean {
    return this.n === 0;
  }

  push(value: number, byte: number, span: number, line: number, column: number, columnSpan = span): void {
    if (this.n === this.data.length) this.grow();
    const k = this.n++;
    this.data[k] = value;
    this.byte[k] = byte;
    this.span[k] = span;
    this.line[k] = line;
    this.column[k] = column;
    this.columnSpan[k] = columnSpan;
  }

  /** Forget the bytes pushed for `line` (the fallback path redoes them). */
  dropLine(line: number): void {
    while (this.n > 0 && this.line[this.n - 1] === line) this.n--;
  }

  /**
   * Append to `out`. Columns are the source columns (QP) unless
   * `unitColumn` is given: then they count decoded units from it (8bit).
   */
  flush(out: SourceMap, encoding: string, unitColumn?: number): void {
    const n = this.n;
    if (n === 0) return;
    this.n = 0;
    const bytes = this.data.subarray(0, n);
    const whole = decodeBytes(bytes, encoding);
    const utf8 = /^utf-?8$/i.test(encoding);
    if (whole.length === n && (isIdentity(whole, bytes) || (!utf8 && asciiTransparent(encoding)))) {
      // One unit per byte: ASCII, or a single-byte charset.
      this.emitRuns(out, whole, 0, n, 0, unitColumn);
    } else if (utf8 && isUtf8(bytes)) {
      // Valid UTF-8: the library's units follow the sequences the lead bytes announce.
      let unit = 0;
      let column = unitColumn;
      for (let k = 0; k < n; ) {
        let ascii = k;
        while (ascii < n && bytes[ascii]! < codes.asciiEnd) ascii++;
        if (ascii > k) {
          this.emitRuns(out, whole, k, ascii, unit, column);
          if (column !== undefined) column += ascii - k;
          unit += ascii - k;
          k = ascii;
          continue;
        }
        const lead = bytes[k]!;
        const length = lead < codes.utf8ThreeByteLead ? 2 : lead < codes.utf8FourByteLead ? 3 : 4;
        const units = length === 4 ? 2 : 1;
        this.emit(out, whole.slice(unit, unit + units), k, k + length - 1, column);
        if (column !== undefined) column += units;
        unit += units;
        k += length;
      }
    } else {
      const decoder = streamDecoder(encoding);
      let column = unitColumn;
      let first = 0;
      for (let k = 0; k < n; k++) {
        const units = decoder.write(bytes.subarray(k, k + 1));
        if (units.length === 0) continue;
        this.emit(out, units, first, k, column);
        if (column !== undefined) column += units.length;
        first = k + 1;
      }
      const tail = decoder.end();
      if (tail.length > 0) this.emit(out, tail, Math.min(first, n - 1), n - 1, column);
    }
  }

  /**
   * Bytes `from`…`to` made one unit each, units `unit`… of `whole`:
   * consecutive one-byte spans on one line go out as one linear segment.
   */
  private emitRuns(out: SourceMap, whole: string, from: number, to: number, unit: number, unitColumn: number | undefined): void {
    let column = unitColumn;
    for (let k = from; k < to; ) {
      const u = unit + (k - from);
      if (this.span[k] !== 1 || this.columnSpan[k] !== 1) {
        this.emit(out, whole[u]!, k, k, column);
        if (column !== undefined) column++;
        k++;
        continue;
      }
      let end = k + 1;
      while (
        end < to &&
        this.span[end] === 1 &&
        this.columnSpan[end] === 1 &&
        this.line[end] === this.line[k] &&
        this.byte[end] === this.byte[end - 1]! + 1 &&
        this.column[end] === this.column[end - 1]! + 1
      ) {
        end++;
      }
      out.copy(whole.slice(u, u + (end - k)), this.byte[k]!, this.line[k]!, column ?? this.column[k]!);
      if (column !== undefined) column += end - k;
      k = end;
    }
  }

  private emit(out: SourceMap, units: string, a: number, b: number, unitColumn: number | undefined): void {
    const byte = this.byte[a]!;
    const byteEnd = this.byte[b]! + this.span[b]!;
    const line = this.line[a]!;
    const column = unitColumn ?? this.column[a]!;
    const columnEnd = unitColumn === undefined ? this.column[b]! + this.columnSpan[b]! : unitColumn + units.length;
    if (units.length === 1 && byteEnd - byte === 1 && columnEnd - column === 1 && this.line[b] === line) {
      out.copy(units, byte, line, column);
    } else {
      out.atomBetween(units, byte, line, column, byteEnd, this.line[b]!, columnEnd);
    }
  }

  private grow(): void {
    const size = Math.max(256, this.data.length * 2);
    const grown = <T extends Uint8Array | Int32Array>(old: T, next: T): T => {
      next.set(old);
      return next;
    };
    this.data = grown(this.data, new Uint8Array(size));
    this.byte = grown(this.byte, new Int32Array(size));
    this.span = grown(this.span, new Int32Array(size));
    this.line = grown(this.line, new Int32Array(size));
    this.column = grown(this.column, new Int32Array(size));
    this.columnSpan = grown(this.columnSpan, new Int32Array(size));
  }
}
