/**
 * A message too big to hold (over `maxMessageSize`), read line by line for
 * its MIME structure, as `mime-walk.ts` reads it, so that the bodies of the
 * parts that are not read anyway (attachments: images, PDFs, archives) can
 * be let go as they stream by, and the rest (headers, delimiters, text
 * parts, what lies outside the parts) kept and read as a whole message: a
 * 25 MB attachment no longer costs the message its text.
 *
 * The structure is followed as the walker follows it: a delimiter line of
 * an open multipart, the outermost first (an outer split is made first: a
 * nested multipart whose boundary is its parent's has no delimiter of its
 * own), ends the parts inside it; a header block ends at its blank line or
 * at a line that is no header line; a part's type comes from the same
 * parsing. Whatever it cannot follow (a header block that never ends) it
 * keeps.
 *
 * ```
 * > | --b
 * > | Content-Type: application/pdf          kept
 * > |
 * > | JVBERi0xLjcKCjEgMCBvYmoKPDwvVHlwZS…     let go, line by line
 * > | --b--                                  kept
 * ```
 */
import { codes } from '../../decode/character-codes.js';
import { headerLineKind, readHeaderBlock } from './header-block.js';
import { delimiterKind, entityType, isMessageType, isTextType, isUnencoded, maxDepth } from './mime-walk.js';

/** An open multipart: its delimiter (`--boundary`), the default type of its parts, and its depth. */
interface Level {
  delimiter: Buffer;
  childType: string;
  depth: number;
}

/** A header block longer than this is not followed: the rest of the message is kept. */
const maxHeaderBlock = 256 * 1024;

export class MimePruner {
  /** Open multiparts, outermost first. */
  private readonly levels: Level[] = [];
  /** The header block being read: its lines so far, or undefined in a body. */
  private header: Buffer[] | undefined = [];
  private headerSize = 0;
  /** The default type and depth of the entity whose header is read. */
  private defaultType = 'text/plain';
  private depth = 0;
  /** In a body: is it kept? */
  private keepBody = true;
  /** The structure could not be followed: everything is kept. */
  private lost = false;

  /**
   * Is the line `bytes[start, end)` kept? Called at the start of each line
   * (a whole line, or the first piece of a very long one: its other pieces
   * go where the first went).
   */
  keep(bytes: Buffer, start: number, end: number): boolean {
    if (this.lost) return true;
    if (this.levels.length > 0 && bytes[start] === codes.dash && this.delimiter(bytes, start, end)) return true;
    if (this.header === undefined) return this.keepBody;
    return this.headerLine(bytes, start, end);
  }

  /** A delimiter of an open multipart ends the parts inside it: the next part's header follows, or its epilogue. */
  private delimiter(bytes: Buffer, start: number, end: number): boolean {
    for (let index = 0; index < this.levels.length; index++) {
      const level = this.levels[index] as Level;
      const kind = delimiterKind(bytes, start, end, level.delimiter);
      if (kind === undefined) continue;
      if (kind === 'open') {
        this.levels.length = index + 1;
        this.startHeader(level.childType, level.depth + 1);
      } else {
        // the epilogue: text outside the parts, read
        this.levels.length = index;
        this.header = undefined;
        this.keepBody = true;
      }
      return true;
    }
    return false;
  }

  private startHeader(defaultType: string, depth: number): void {
    this.header = [];
    this.headerSize = 0;
    this.defaultType = defaultType;
    this.depth = depth;
  }

  /** A line of a header block: kept; the block ends at a blank line, or at a line that is no header line (the body's first). */
  private headerLine(bytes: Buffer, start: number, end: number): boolean {
    const header = this.header as Buffer[];
    const kind = headerLineKind(bytes, start, end, header.length > 0);
    if (kind !== 'body') {
      header.push(Buffer.from(bytes.subarray(start, end)));
      this.headerSize += end - start;
      if (kind !== 'blank') {
        if (this.headerSize > maxHeaderBlock) this.lost = true;
        return true;
      }
    }
    this.entity(Buffer.concat(header));
    return kind === 'body' ? this.keep(bytes, start, end) : true;
  }

  /** The entity whose header block is `block`: what its body is. */
  private entity(block: Buffer): void {
    this.header = undefined;
    const header = readHeaderBlock(block, 0, block.length, 0);
    const { contentType, params, transferEncoding } = entityType(block, header, this.defaultType);
    const multipart = contentType.startsWith('multipart/');
    if (this.depth >= maxDepth && (multipart || isMessageType(contentType))) {
      // the walker reads no deeper: nothing of it is read
      this.keepBody = false;
      return;
    }
    const boundary = params['boundary'];
    if (multipart && boundary) {
      this.levels.push({ delimiter: Buffer.from(`--${boundary}`, 'latin1'), childType: contentType === 'multipart/digest' ? 'message/rfc822' : 'text/plain', depth: this.depth });
      // the preamble: text outside the parts, read
      this.keepBody = true;
      return;
    }
    if (isMessageType(contentType) && isUnencoded(transferEncoding)) {
      // a message inside: its own header block follows
      this.startHeader('text/plain', this.depth + 1);
      return;
    }
    // a multipart without a boundary is read as text, and so is every text part; a message sent encoded is decoded whole
    this.keepBody = multipart || isTextType(contentType) || isMessageType(contentType);
  }
}
