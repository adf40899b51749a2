/**
 * How the mail adapter reports problems in its input. Bad input never throws:
 * each problem becomes a note, handed to `onNote`, and scanning goes on with
 * whatever could be read.
 */

/** Stable kebab-case codes of the notes, one table. */
export const mailNoteCodes = [
  /** A message over `maxMessageSize` was scanned as plain text. */
  'message-too-large',
  /** A `From ` line after a blank line did not look like an mbox separator and was kept as body text. */
  'from-line-in-body',
  /** A multipart entity ended without its closing delimiter. */
  'truncated-multipart',
  /** A multipart entity had no boundary parameter or no delimiter line: its body was scanned as text. */
  'missing-boundary',
  /** A base64 body held characters outside the base64 alphabet or ended mid-quantum. */
  'broken-base64',
  /** Text that is no base64 followed a base64 body (a mailing list's footer): scanned as plain text, with exact positions. */
  'text-after-base64',
  /** A text part declared 7bit or 8bit was plainly written in quoted-printable (`=3D`, soft line breaks): decoded as such. */
  'undeclared-quoted-printable',
  /** A charset the platform's decoder does not know: decoded as Latin-1 (windows-1252). */
  'unknown-charset',
  /** Raw 8-bit bytes in header lines. */
  'header-8bit',
  /** MIME nesting deeper than the adapter follows. */
  'nesting-too-deep',
  /** A message/rfc822 part with base64 or quoted-printable encoding: its URLs point at the part. */
  'encoded-message',
  /** Positions inside a quoted-printable part could not be mapped back exactly. */
  'position-fallback',
  /** A file or folder in a maildir tree that is no message (or is still being delivered, in `tmp/`): not read. */
  'maildir-left-out',
  /** A message file in a maildir could not be read: skipped, the others are scanned. */
  'unreadable-file',
  /**
   * A mail file compressed by a method not read here (bzip2, xz, zstd, LZ4): skipped;
   * or gzip data damaged (cut short, a bad checksum): read up to there.
   */
  'compressed-message',
  /** A URL attribute of an HTML part had a value longer than 1 MiB: not read (the tag's other attributes are). */
  'attribute-too-long',
  /** Reading the message as MIME failed unexpectedly: it was scanned as plain text (a bug: please report). */
  'message-unreadable',
] as const;

export type MailNoteCode = (typeof mailNoteCodes)[number];

/** One problem found in the input. */
export interface MailNote {
  /** Stable code, from `mailNoteCodes`. */
  code: MailNoteCode;
  /** A sentence for people. */
  message: string;
  /** 0-based index of the message in the mbox or maildir, when known. */
  messageIndex?: number;
  /** MIME part number such as `"1.2"`, when the note is about one part. */
  mimePart?: string;
  /** The message file (or the entry left out), for maildir input. */
  file?: string;
}

/** Where the adapter's modules send notes. */
export type NoteSink = (code: MailNoteCode, message: string, mimePart?: string) => void;
