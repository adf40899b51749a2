/**
 * Text with no lone surrogate: a decoder of UTF-16, UTF-32, UTF-7 or
 * CESU-8 may give one (an odd byte, an unpaired half in the bytes), and a
 * lone surrogate in a record makes JSON that strict readers (jq) refuse.
 * Each one becomes U+FFFD, as `TextDecoder` makes them for UTF-8 and UTF-16.
 */
import { codes } from './character-codes.js';

interface WellFormedString {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/** `text` with each lone surrogate replaced by U+FFFD (one search when there is none). */
export function wellFormed(text: string): string {
  const string = text as unknown as WellFormedString;
  return string.isWellFormed() ? text : string.toWellFormed();
}

function isHighSurrogate(code: number): boolean {
  return code >= codes.highSurrogateFirst && code <= codes.highSurrogateLast;
}

/**
 * `wellFormed` over text that comes in pieces: a high surrogate at the end
 * of a piece waits for the next, which may start with its low half.
 */
export class WellFormedPieces {
  private held = '';

  write(piece: string): string {
    let text = this.held === '' ? piece : this.held + piece;
    this.held = '';
    if (text.length > 0 && isHighSurrogate(text.charCodeAt(text.length - 1))) {
      this.held = text.slice(-1);
      text = text.slice(0, -1);
    }
    return wellFormed(text);
  }

  end(): string {
    const rest = wellFormed(this.held);
    this.held = '';
    return rest;
  }
}
