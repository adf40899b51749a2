/**
 * The streaming scanner: chunks of text in, URL records out.
 *
 * One linear pass, driven by trigger characters found with `indexOf`: `<`
 * (wrappers), `:` (a scheme before it), and, when asked for, `@` (bare e-mail
 * addresses) and `www.` (URLs without a scheme). Between triggers no
 * character is looked at. At each trigger one recognizer, a pure function in
 * `recognizers/`, reads the buffer and answers: no URL here (and where the
 * search goes on), more input needed, or a URL (its candidate and where the
 * search goes on). The scanner keeps the buffer, counts lines and turns
 * candidates into records. The states, and where in the input each one runs:
 *
 * ```markdown
 * text       > | Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
 *              | ^^^^^^^^^^^^^^^^^^^^^^^^^^^ between triggers: skipped by indexOf
 * wrapper    > | Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
 *              |                            ^ `<` then `URL:` or a known scheme and `:`
 *            > |    type=d> but you can probably pick it up from
 *              |    ^^^^^^^ content up to `>`, whitespace removed (recognizers/wrapper.ts)
 * bare       > | see http://example.com/a_(b)).
 *              |         ^ `:` with a known scheme before it, or any scheme and `//`
 *              |           after it; runs to a terminator, then trailing punctuation
 *              |           is cut and a host that cannot be one rejects it
 *              |           (recognizers/bare.ts)
 * email      > | mail jim@info.cern.ch.   (option `emails`; recognizers/email.ts)
 *              |         ^ `@`: local part before, domain after
 * schemeless > | see www.example.com/x   (option `schemeless`; recognizers/schemeless.ts)
 *              |     ^ `www.` (any case) at a word start
 * ```
 *
 * A wrapper that does not close (at `maxWrapperLength`, a blank line, a
 * second `<`, or the end of input) is abandoned and its text scanned again as
 * ordinary text, once. Every recognizer can stop at the end of a chunk and
 * resume when more text arrives (what it read ahead comes back to it), so
 * output never depends on where chunks end, and the buffer holds only the
 * construct being recognized.
 */
import type { ResolvedScanOptions } from './scan-options.js';
import type { UrlRecord } from '../records/url-record.js';
import { createRecord, type RecordFactory } from '../records/create-record.js';
import type { Candidate } from './candidate.js';
import { codes } from '../decode/character-codes.js';
import { mayEndKnownSchemeBefore, noCharacter } from './known-schemes.js';
import { LineCounter } from './line-counter.js';
import { NextIndex } from './next-index.js';
import { recognizeEmail } from './recognizers/email.js';
import { lookbehind, noMatch, outcome, type Progress, type Recognition, type ScanInput } from './recognizers/recognition.js';
import { mayStartWww, recognizeSchemeless } from './recognizers/schemeless.js';
import { hostlessAfter, recognizeBare } from './recognizers/bare.js';
import { recognizeWrapper } from './recognizers/wrapper.js';

/**
 * The longest piece of a chunk joined to the buffer at once. V8 allocates a
 * string of over 128 KB (64 Ki characters outside Latin-1) in its
 * large-object space, a fresh mapping each time, and searching a buffer
 * joined from the kept tail and a whole 64 KiB chunk cost twenty times the
 * scan of it. Joined in pieces this long, the buffer stays small. (A chunk
 * written to an empty buffer is scanned as it is: nothing is joined.)
 */
const pieceLength = 16 * 1024;

/** Triggers closer than this to each other… */
const denseWindow = 16;
/** …this many times in a row are found character by character (`a:a:a:`), not by `indexOf`. */
const denseAfter = 4;

/**
 * The trigger characters of each combination of the options `emails` (1)
 * and `schemeless` (2), by that sum: made once, shared by every scanner (a
 * mail message or a Markdown document makes one scanner for each part).
 */
const triggerTables = [0, 1, 2, 3].map((combination) => {
  const table = new Uint8Array(codes.asciiEnd);
  table[codes.colon] = 1;
  table[codes.lessThan] = 1;
  if ((combination & 1) !== 0) table[codes.atSign] = 1;
  if ((combination & 2) !== 0) {
    table[codes.lowercaseW] = 1;
    table[codes.uppercaseW] = 1;
  }
  return table;
});

export class Scanner {
  /** The buffer and what recognizers need besides: see `ScanInput`. */
  private readonly input: { -readonly [Key in keyof ScanInput]: ScanInput[Key] };
  /** Absolute offset of the cursor: where the search for triggers goes on. */
  private cursor = 0;
  /** What the last recognizer to read ahead read: handed back to the next. */
  private progress: Progress | undefined;
  private ended = false;
  private readonly lines = new LineCounter();
  private readonly colons = new NextIndex(':');
  private readonly lessThans = new NextIndex('<');
  private readonly atSigns = new NextIndex('@');
  /** `www.` in any case: host names are case-insensitive (`WWW.EXAMPLE.COM`, `Www.example.com` at a sentence's start). */
  private readonly wwws = new NextIndex('www.', true);
  private records: UrlRecord[] = [];
  /** Trigger characters of the options in force, for the dense-text loop. */
  private readonly triggerTable: Uint8Array;

  /**
   * `makeRecord`: how a candidate becomes a record (`createRecord`; the
   * command's text rows take `createReadingRecord`, which parses nothing).
   */
  constructor(
    private readonly options: ResolvedScanOptions,
    private readonly makeRecord: RecordFactory = createRecord,
  ) {
    this.input = { buffer: '', base: 0, final: false, lastUrlEnd: 0, options };
    this.triggerTable = triggerTables[(options.emails ? 1 : 0) + (options.schemeless ? 2 : 0)] as Uint8Array;
  }

  write(chunk: string): UrlRecord[] {
    if (this.ended) throw new Error('Cannot write to a scanner after `end()`');
    if (typeof chunk !== 'string') throw new TypeError(`Expected a string chunk, got ${typeof chunk}`);
    if (this.input.buffer.length === 0 || chunk.length <= pieceLength) {
      if (chunk.length > 0) {
        this.input.buffer += chunk;
        this.run();
      }
    } else {
      for (let at = 0; at < chunk.length; at += pieceLength) {
        this.input.buffer += chunk.slice(at, at + pieceLength);
        this.run();
      }
    }
    return this.flush();
  }

  end(): UrlRecord[] {
    if (this.ended) throw new Error('Cannot end a scanner twice');
    this.input.final = true;
    this.run();
    this.ended = true;
    return this.flush();
  }

  private flush(): UrlRecord[] {
    const records = this.records;
    this.records = [];
    return records;
  }

  /** State `text`: jump from trigger to trigger. */
  // rule: scanner-triggers
  private run(): void {
    const { emails, schemeless } = this.options;
    const { colons, lessThans, atSigns, wwws, triggerTable, input } = this;
    // the buffer does not change while it is scanned
    const { buffer, base } = input;
    const bufferEnd = base + buffer.length;
    // next occurrence of each trigger: -2 not looked for yet, -1 none in the buffer
    let colon = -2;
    let lessThan = -2;
    let at = emails ? -2 : -1;
    let www = schemeless ? -2 : -1;
    /** Triggers in a row closer than `denseWindow` to the one before: past a few, look character by character. */
    let closeInRow = 0;
    let previous = this.cursor;
    while (true) {
      let cursor = this.cursor;
      let trigger = -1;
      let kind = 0;
      if (closeInRow >= denseAfter) {
        // In dense text (`a:a:a:`), a loop beats an `indexOf` per trigger. It
        // goes on while trigger characters keep coming, even ones passed over.
        const end = bufferEnd - base;
        let quietUntil = cursor - base + denseWindow;
        let i = cursor - base;
        for (; i < end && i < quietUntil; i++) {
          const code = buffer.charCodeAt(i);
          if (code < codes.asciiEnd && triggerTable[code] === 1) {
            quietUntil = i + denseWindow;
            if ((code === codes.lowercaseW || code === codes.uppercaseW) && !mayStartWww(buffer, i)) continue;
            // (read only inside the buffer: an out-of-range read gives NaN, which costs the JIT dearly)
            if (
              code === codes.colon &&
              (i < 2 ||
                !mayEndKnownSchemeBefore(
                  buffer.charCodeAt(i - 2),
                  buffer.charCodeAt(i - 1),
                  i + 1 < end ? buffer.charCodeAt(i + 1) : noCharacter,
                )) &&
              !maySlashesFollow(buffer, i)
            ) {
              continue;
            }
            // a colon the bare recognizer would refuse at once for its host (`(http://-a.b/` repeated)
            if (code === codes.colon && i >= 2 && i + 1 < end && buffer.charCodeAt(i + 1) === codes.slash && hostlessAfter(buffer, i)) continue;
            trigger = i + base;
            kind = code;
            break;
          }
        }
        const stop = i;
        // none before a quiet stretch: the search goes on after it, by indexOf
        if (trigger === -1) {
          cursor = stop + base;
          closeInRow = 0;
        }
      }
      if (trigger === -1) {
        if (colon !== -1 && colon < cursor) colon = colons.get(buffer, base, cursor);
        if (lessThan !== -1 && lessThan < cursor) lessThan = lessThans.get(buffer, base, cursor);
        if (at !== -1 && at < cursor) at = atSigns.get(buffer, base, cursor);
        if (www !== -1 && www < cursor) www = wwws.get(buffer, base, cursor);
        trigger = colon;
        kind = codes.colon;
        if (lessThan !== -1 && (trigger === -1 || lessThan < trigger)) {
          trigger = lessThan;
          kind = codes.lessThan;
        }
        if (at !== -1 && (trigger === -1 || at < trigger)) {
          trigger = at;
          kind = codes.atSign;
        }
        if (www !== -1 && (trigger === -1 || www < trigger)) {
          trigger = www;
          kind = codes.lowercaseW;
        }
      }
      if (trigger === -1) {
        // keep a partial `www.` at the end of the chunk
        this.cursor = input.final ? bufferEnd : Math.max(cursor, bufferEnd - 3);
        break;
      }
      this.cursor = trigger;
      let recognition: Recognition;
      if (kind === codes.lessThan) recognition = recognizeWrapper(input, trigger, this.progress);
      else if (kind === codes.colon) recognition = recognizeBare(input, trigger, this.progress);
      else if (kind === codes.atSign) recognition = recognizeEmail(input, trigger);
      else recognition = recognizeSchemeless(input, trigger, this.progress);
      closeInRow = trigger - previous < denseWindow ? closeInRow + 1 : 0;
      previous = trigger;
      // the common answer first, told by identity
      if (recognition === noMatch) {
        this.cursor = trigger + 1;
        continue;
      }
      if (recognition.progress !== undefined) this.progress = recognition.progress;
      if (recognition.outcome === outcome.more) break;
      if (recognition.outcome === outcome.no) {
        this.cursor = Math.max(trigger + 1, recognition.resume);
      } else {
        this.emit(recognition);
        input.lastUrlEnd = recognition.end;
        this.cursor = recognition.resume;
      }
    }
    this.trim();
  }

  /** Drop text no recognizer can look at again, after counting its lines. */
  private trim(): void {
    let keep = this.cursor - lookbehind;
    if (keep <= this.input.base + this.input.buffer.length / 2 || keep <= this.input.base) return;
    this.lines.advance(this.input.buffer, this.input.base, keep, this.input.final);
    this.input.buffer = narrowed(this.input.buffer.slice(keep - this.input.base));
    this.input.base = keep;
  }

  private slice(from: number, to: number): string {
    return this.input.buffer.slice(from - this.input.base, to - this.input.base);
  }

  private emit(candidate: Candidate): void {
    // a bare URL without delimiters is its own raw text: one string for both
    const raw =
      candidate.form === 'bare' && candidate.end - candidate.start === candidate.url.length
        ? candidate.url
        : this.slice(candidate.start, candidate.end);
    const start = this.lines.point(this.input.buffer, this.input.base, candidate.start);
    const end = this.lines.point(this.input.buffer, this.input.base, candidate.end);
    const record = this.makeRecord(candidate.url, candidate.form, candidate.alternatives, raw, start, end, this.options);
    if (record !== undefined) this.records.push(record);
  }
}

/** Kept text no longer than this is made one-byte when it can be (see `narrowed`). */
const narrowUpTo = 256;

/**
 * `text` in a one-byte string when it is short and every character fits in
 * one byte. What is kept of a two-byte buffer is two-byte however plain it
 * is, and the next piece joined to it would be too: so text in one byte a
 * character (a plain ASCII stretch after a curly quote) stays one-byte, and
 * is searched about twice as fast.
 */
function narrowed(text: string): string {
  if (text.length > narrowUpTo) return text;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > codes.latin1Last) return text;
  // joined from one-character strings, each one-byte
  let out = '';
  for (let i = 0; i < text.length; i++) out += text.charAt(i);
  return out;
}

/** Could `//` follow the `:` at buffer index `colon` (or does the buffer end before it can tell)? */
function maySlashesFollow(buffer: string, colon: number): boolean {
  if (colon + 2 >= buffer.length) return true;
  return buffer.charCodeAt(colon + 1) === codes.slash && buffer.charCodeAt(colon + 2) === codes.slash;
}

