/**
 * What the content-transfer decoders share: the byte range of a body, the
 * decoded body they hand back (text mapped to the raw message), the end of
 * a physical line, and runs of plain lines that need no decoding.
 */
import { SourceMap } from '../../source-map/source-map.js';
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
  /**
   * With `partPositions`: the unit of `text` from which positions are exact
   * again (text after a base64 body, read as plain lines).
   */
  exactFrom?: number;
  /** Problems found while decoding, as note codes. */
  problems: Array<'broken-base64' | 'position-fallback' | 'text-after-base64'>;
}

/** Does the unit at `offset` of the decoded text point at the whole body (`position: "part"`)? */
export function pointsAtPart(body: DecodedBody, offset: number): boolean {
  return body.partPositions && (body.exactFrom === undefined || offset < body.exactFrom);
}

const { lineFeed } = codes;

/** Maps of a body read in pieces: offsets within a message (below 1 GiB), taken text not kept. */
export const streamed = { narrow: true, keepTaken: false } as const;

/** End (exclusive, after its line feed) of the physical line starting at `at`. */
export function lineEnd(range: ByteRange, at: number): number {
  const lf = range.bytes.indexOf(lineFeed, at);
  return lf === -1 || lf >= range.end ? range.end : lf + 1;
}

/**
 * Lines that decode to their own bytes, one unit a byte (plain ASCII in an
 * ASCII-transparent charset), in a row: they go out as one region of the
 * map when a line that does not comes, or a piece ends. No string or
 * segment is made for each line.
 */
export class PlainLines {
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
