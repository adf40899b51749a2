/**
 * The header block of a message or MIME part (RFC 5322 §2.2): fields with
 * their byte ranges, so URLs in them can be located, and the start of the
 * body after the blank line. Lenient: a line that is neither a field, a
 * folded continuation nor blank ends the block and starts the body.
 */
import { codes } from '../../decode/character-codes.js';
import { hasEightBit } from '../../decode/eight-bit.js';
import { asciiLowerCase } from '../../scanner/character-classes.js';

export interface HeaderField {
  /** Lower-case field name. */
  name: string;
  /** Byte offset of the field's first byte. */
  start: number;
  /** Byte offset just after the colon. */
  valueStart: number;
  /** End of the field's last line, terminator included. */
  end: number;
  /** 0-based line index of `start` in the message. */
  line: number;
}

export interface HeaderBlock {
  /** First byte of the block. */
  start: number;
  fields: HeaderField[];
  /** First byte of the body. */
  bodyStart: number;
  /** 0-based line index of `bodyStart`. */
  bodyLine: number;
  /** Raw bytes beyond ASCII somewhere in the block. */
  eightBit: boolean;
}

const { lineFeed, carriageReturn, colon, space, tab } = codes;

/** Read the header block of `bytes[start, end)`, whose first line has index `line`. */
export function readHeaderBlock(bytes: Buffer, start: number, end: number, line: number): HeaderBlock {
  const blockStart = start;
  const fields: HeaderField[] = [];
  let at = start;
  let current: HeaderField | undefined;
  for (; at < end; line++) {
    const lf = bytes.indexOf(lineFeed, at);
    const lineEnd = lf === -1 || lf >= end ? end : lf + 1;
    // what `headerLineKind` tells, with the field name's end found once
    const first = bytes[at]!;
    if (isBlankLine(bytes, at, lineEnd, first)) {
      return { start: blockStart, fields, bodyStart: lineEnd, bodyLine: line + 1, eightBit: hasEightBit(bytes, blockStart, at) };
    }
    if ((first === space || first === tab) && current !== undefined) {
      current.end = lineEnd;
    } else {
      // the name read once: its end, its hash and its colon (`fieldNameEnd`, `lastName`)
      const nameEnd = fieldNameEnd(bytes, at, lineEnd);
      if (nameEnd === -1) break;
      current = {
        // a name holds no white space: nothing to trim
        name: knownName(bytes, at, nameEnd, lastName.hash),
        start: at,
        valueStart: lastName.colon + 1,
        end: lineEnd,
        line,
      };
      fields.push(current);
    }
    at = lineEnd;
  }
  return { start: blockStart, fields, bodyStart: at, bodyLine: line, eightBit: hasEightBit(bytes, blockStart, at) };
}

/**
 * What the line `bytes[start, lineEnd)` (its line break included) is in a
 * header block: the blank line that ends it, a folded continuation of the
 * field before it (`hasField`), a field, or no header line at all (it
 * starts the body).
 */
export function headerLineKind(bytes: Buffer, start: number, lineEnd: number, hasField: boolean): 'blank' | 'continuation' | 'field' | 'body' {
  const first = bytes[start]!;
  if (isBlankLine(bytes, start, lineEnd, first)) return 'blank';
  if ((first === space || first === tab) && hasField) return 'continuation';
  return fieldNameEnd(bytes, start, lineEnd) === -1 ? 'body' : 'field';
}

/** Is the line `bytes[start, lineEnd)`, whose first byte is `first`, blank (LF or CRLF alone)? */
function isBlankLine(bytes: Buffer, start: number, lineEnd: number, first: number): boolean {
  return first === lineFeed || (first === carriageReturn && bytes[start + 1] === lineFeed && start + 2 === lineEnd);
}

/** What the last `fieldNameEnd` that found a name read besides its end: the hash of the name in lower case (`knownName`), and where its colon is. */
const lastName = { hash: 0, colon: -1 };

/**
 * End of a field name (printable ASCII but `:`, then optional WSP, then `:`,
 * all before `end`), or -1; its hash and colon go to `lastName`, read in the
 * same pass.
 */
function fieldNameEnd(bytes: Buffer, start: number, end: number): number {
  let i = start;
  let hash = 0;
  for (let code = bytes[i]!; i < end && code > space && code < codes.delete && code !== colon; code = bytes[++i]!) {
    hash = (Math.imul(hash, 31) + asciiLowerCase(code)) | 0;
  }
  if (i === start) return -1;
  const nameEnd = i;
  while (i < end && (bytes[i] === space || bytes[i] === tab)) i++;
  if (i === end || bytes[i] !== colon) return -1;
  lastName.hash = hash;
  lastName.colon = i;
  return nameEnd;
}

/**
 * Lower-case field names met before, by a hash of their bytes in lower
 * case: a mailbox's fields carry a few dozen names (`received`, `from`,
 * `subject`), each read again from the bytes without a string being made.
 * Emptied when full.
 */
const knownNames = new Map<number, string>();
const maxKnownNames = 512;
/** A longer name is made each time. */
const maxKnownNameLength = 64;

/**
 * The field name `bytes[start, end)` in lower case (printable ASCII but
 * `:`), whose bytes in lower case hash to `hash` (`readHeaderBlock`).
 */
function knownName(bytes: Buffer, start: number, end: number, hash: number): string {
  if (end - start > maxKnownNameLength) return bytes.toString('latin1', start, end).toLowerCase();
  const known = knownNames.get(hash);
  if (known !== undefined && spellsName(known, bytes, start, end)) return known;
  const name = bytes.toString('latin1', start, end).toLowerCase();
  if (knownNames.size >= maxKnownNames) knownNames.clear();
  knownNames.set(hash, name);
  return name;
}

/** Do `bytes[start, end)`, in lower case, spell `name`? */
function spellsName(name: string, bytes: Buffer, start: number, end: number): boolean {
  if (name.length !== end - start) return false;
  for (let i = 0; i < name.length; i++) if (name.charCodeAt(i) !== asciiLowerCase(bytes[start + i]!)) return false;
  return true;
}

/** A field's value, unfolded and trimmed, read as Latin-1 (enough for structured fields). */
export function fieldValue(bytes: Buffer, field: HeaderField): string {
  const value = bytes.toString('latin1', field.valueStart, field.end);
  // a value of one line (most) has no fold to remove: its only line feed, if any, ends it
  const lf = value.indexOf('\n');
  return (lf === -1 || lf === value.length - 1 ? value : value.replace(/\r?\n(?=[ \t])/g, '')).trim();
}

/** The first field named `name`, if any. */
export function findField(bytes: Buffer, block: HeaderBlock, name: string): string | undefined {
  const field = block.fields.find((candidate) => candidate.name === name);
  return field ? fieldValue(bytes, field) : undefined;
}
