/**
 * The streaming scanner: chunks of text in, URL records out.
 *
 * One linear pass, driven by trigger characters found with `indexOf`: `<`
 * (wrappers), `:` (a scheme before it), and, when asked for, `@` (bare e-mail
 * addresses) and `www.` (URLs without a scheme). Between triggers no
 * character is looked at. The states, and where in the input each one runs:
 *
 * ```markdown
 * text       > | Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
 *              | ^^^^^^^^^^^^^^^^^^^^^^^^^^^ between triggers: skipped by indexOf
 * wrapper    > | Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
 *              |                            ^ `<` then `URL:` or a known scheme and `:`
 *            > |    type=d> but you can probably pick it up from
 *              |    ^^^^^^^ content up to `>`, whitespace removed (compact-wrapper.ts)
 * bare       > | see http://example.com/a_(b)).
 *              |         ^ `:` with a known scheme before it, or any scheme and `//`
 *              |           after it; runs to a terminator, then trailing punctuation
 *              |           is cut (trailing-punctuation.ts) and a host that cannot be
 *              |           one rejects it (host-shape.ts)
 * email      > | mail jim@info.cern.ch.   (option `emails`)
 *              |         ^ `@`: local part before, domain after
 * schemeless > | see www.example.com/x   (option `schemeless`)
 *              |     ^ `www.` at a word start
 * ```
 *
 * A wrapper that does not close (at `maxWrapperLength`, a blank line, a
 * second `<`, or the end of input) is abandoned and its text scanned again as
 * ordinary text, once. Every recognizer can stop at the end of a chunk and
 * resume when more text arrives, so output never depends on where chunks end,
 * and the buffer holds only the construct being recognized.
 */
import type { ResolvedScanOptions } from '../scan-options.js';
import type { UrlRecord } from '../url-record.js';
import { createRecord } from '../records/create-record.js';
import type { Candidate } from './candidate.js';
import {
  isAsciiAlpha,
  isInlineSpace,
  isLineBreak,
  isSchemeChar,
} from './character-classes.js';
import { codes } from '../character-codes.js';
import { compactWrapper, hyphenReadings } from './compact-wrapper.js';
import {
  knownScheme,
  knownSchemeByKey,
  maxKnownSchemeLength,
  mayBeginKnownScheme,
  mayEndKnownSchemeBefore,
  schemeKeyStep,
} from './known-schemes.js';
import { LineCounter } from './line-counter.js';
import { NextIndex } from './next-index.js';
import { recognizeEmail } from './recognizers/email.js';
import { outcome, type Progress, type Recognition, type ScanInput } from './recognizers/recognition.js';
import { mayStartWww, recognizeSchemeless } from './recognizers/schemeless.js';
import { recognizeBare } from './recognizers/bare.js';
import { hasHost } from './recognizers/has-host.js';

/** A recognizer's answer: an end offset, or one of these. */
const no = -1;
const needMore = -2;

/** Longest scheme name accepted in a `<URL:...>` wrapper, or before `://` in running text. */
const maxSchemeLength = 32;
/** Longest local part of a bare e-mail address (RFC 5321). */
const maxLocalPartLength = 64;
/** Characters kept before the cursor for looking back at a scheme, a `URL:` prefix or a local part. */
const lookbehind = Math.max(maxSchemeLength + 8, maxLocalPartLength + 2);
/** The bit that tells an ASCII letter's cases apart. */
const caseBit = codes.lowercaseA - codes.uppercaseA;
/** `URL:` of the Appendix's `<URL:...>`, with the case bit set: matched in any case. */
const urlPrefix = [codes.uppercaseU, codes.uppercaseR, codes.uppercaseL, codes.colon] as const;
const urlPrefixFolded = urlPrefix.map((code) => code | caseBit);
/** Triggers closer than this to each other… */
const denseWindow = 16;
/** …this many times in a row are found character by character (`a:a:a:`), not by `indexOf`. */
const denseAfter = 4;
/** A bare URL longer than this ends here: memory stays bounded on endless lines. */
export const maxBareUrlLength = 65_536;

/** Pending work of a recognizer that reached the end of the buffer. */
interface Pending {
  /** Absolute offset of the trigger. */
  trigger: number;
  /** Absolute offset where scanning resumes. */
  resume: number;
  /** Wrapper only: a line break was seen and only whitespace after it. */
  blankSoFar: boolean;
}

export class Scanner {
  /** The buffer and what recognizers need besides: see `ScanInput`. */
  private readonly input: { -readonly [Key in keyof ScanInput]: ScanInput[Key] };
  /** Absolute offset of the cursor: where the search for triggers goes on. */
  private cursor = 0;
  /** Absolute end of an abandoned wrapper: `<` before it are not wrappers again. */
  private noWrapperBefore = 0;
  private pending: Pending | undefined;
  /** What the last recognizer to read ahead read: handed back to the next. */
  private progress: Progress | undefined;
  private ended = false;
  private readonly lines = new LineCounter();
  private readonly colons = new NextIndex(':');
  private readonly lessThans = new NextIndex('<');
  private readonly atSigns = new NextIndex('@');
  private readonly wwws = new NextIndex('www.');
  private records: UrlRecord[] = [];
  /** Trigger characters of the options in force, for the dense-text loop. */
  private readonly triggerTable: Uint8Array;
  /**
   * Set by a recognizer that rejects a trigger after reading ahead over text
   * that can hold no trigger: the search goes on from there.
   */
  private skipTo = 0;
  /** Where the last wrapper was abandoned. */
  private abandonedAt = -1;

  constructor(private readonly options: ResolvedScanOptions) {
    this.input = { buffer: '', base: 0, final: false, lastUrlEnd: 0, options };
    this.triggerTable = new Uint8Array(128);
    this.triggerTable[codes.colon] = 1;
    this.triggerTable[codes.lessThan] = 1;
    if (options.emails) this.triggerTable[codes.atSign] = 1;
    if (options.schemeless) this.triggerTable[codes.lowercaseW] = 1;
  }

  write(chunk: string): UrlRecord[] {
    if (this.ended) throw new Error('Cannot write to a scanner after `end()`');
    if (typeof chunk !== 'string') throw new TypeError(`Expected a string chunk, got ${typeof chunk}`);
    if (chunk.length > 0) {
      this.input.buffer += chunk;
      this.run();
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

  private get bufferEnd(): number {
    return this.input.base + this.input.buffer.length;
  }

  /** Code unit at absolute offset `offset` (NaN past the buffer). */
  private code(offset: number): number {
    return this.input.buffer.charCodeAt(offset - this.input.base);
  }

  /** State `text`: jump from trigger to trigger. */
  private run(): void {
    const { emails, schemeless } = this.options;
    const { colons, lessThans, atSigns, wwws, triggerTable } = this;
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
        const buffer = this.input.buffer;
        const base = this.input.base;
        const end = this.bufferEnd - base;
        let quietUntil = cursor - base + denseWindow;
        let i = cursor - base;
        for (; i < end && i < quietUntil; i++) {
          const code = buffer.charCodeAt(i);
          if (code < codes.asciiEnd && triggerTable[code] === 1) {
            quietUntil = i + denseWindow;
            if (code === codes.lowercaseW && !mayStartWww(buffer, i)) continue;
            // (read only inside the buffer: an out-of-range read gives NaN, which costs the JIT dearly)
            if (
              code === codes.colon &&
              (i < 2 ||
                !mayEndKnownSchemeBefore(
                  buffer.charCodeAt(i - 2),
                  buffer.charCodeAt(i - 1),
                  i + 1 < end ? buffer.charCodeAt(i + 1) : Number.NaN,
                )) &&
              !maySlashesFollow(buffer, i)
            ) {
              continue;
            }
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
        if (colon !== -1 && colon < cursor) colon = colons.get(this.input.buffer, this.input.base, cursor);
        if (lessThan !== -1 && lessThan < cursor) lessThan = lessThans.get(this.input.buffer, this.input.base, cursor);
        if (at !== -1 && at < cursor) at = atSigns.get(this.input.buffer, this.input.base, cursor);
        if (www !== -1 && www < cursor) www = wwws.get(this.input.buffer, this.input.base, cursor);
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
        this.cursor = this.input.final ? this.bufferEnd : Math.max(cursor, this.bufferEnd - 3);
        break;
      }
      this.cursor = trigger;
      let end: number;
      if (kind === codes.lessThan) {
        // `</p>`, `<!--`, `<div>`: a wrapper starts with `URL:` or a known scheme
        const first = this.input.buffer.charCodeAt(trigger + 1 - this.input.base);
        const second = this.input.buffer.charCodeAt(trigger + 2 - this.input.base);
        end = Number.isNaN(second) || mayBeginKnownScheme(first, second) ? this.wrapper(trigger) : no;
      } else if (kind === codes.colon) end = this.answer(recognizeBare(this.input, trigger, this.progress));
      else if (kind === codes.atSign) end = this.answer(recognizeEmail(this.input, trigger));
      else end = this.answer(recognizeSchemeless(this.input, trigger, this.progress));
      if (end === needMore) break;
      this.pending = undefined;
      closeInRow = trigger - previous < denseWindow ? closeInRow + 1 : 0;
      previous = trigger;
      if (end === no) {
        this.cursor = Math.max(trigger + 1, this.skipTo);
      } else {
        this.cursor = end;
        this.input.lastUrlEnd = end;
      }
    }
    this.trim();
  }

  /** Drop text no recognizer can look at again, after counting its lines. */
  private trim(): void {
    let keep = this.cursor - lookbehind;
    if (this.pending !== undefined) keep = Math.min(keep, this.pending.trigger - lookbehind);
    if (keep <= this.input.base + this.input.buffer.length / 2 || keep <= this.input.base) return;
    this.lines.advance(this.input.buffer, this.input.base, keep, this.input.final);
    this.input.buffer = this.input.buffer.slice(keep - this.input.base);
    this.input.base = keep;
  }

  // ---------------------------------------------------------------------------
  // State `wrapper`

  /**
   * At `<`: a `<URL:...>` or `<scheme:...>` wrapper (RFC 1738 Appendix; RFC
   * 3986 Appendix C).
   *
   * ```markdown
   * > | under <URL:ftp://info.cern.ch/pub/www/doc;
   *           ^
   * ```
   */
  private wrapper(lessThan: number): number {
    let start = lessThan;
    while (true) {
      const end = this.wrapperAt(start);
      // `<URL:<URL:…`: abandoned at a `<` right after `URL:`, with nothing to
      // scan again in between: go straight on with that `<`
      if (end === no && this.abandonedAt !== -1 && this.abandonedAt === this.skipTo && this.code(this.abandonedAt) === codes.lessThan) {
        start = this.abandonedAt;
        continue;
      }
      return end;
    }
  }

  /** A wrapper at the `<` at `lessThan`: its end, `no` or `needMore`. */
  private wrapperAt(lessThan: number): number {
    this.abandonedAt = -1;
    if (lessThan < this.noWrapperBefore) return no;
    const final = this.input.final;
    let contentStart: number;
    let form: 'url-wrapper' | 'angle';
    // `URL:` prefix, case-insensitive
    const prefix = this.matchUrlPrefix(lessThan + 1);
    if (prefix === needMore) return final ? no : needMore;
    if (prefix !== no) {
      contentStart = prefix;
      form = 'url-wrapper';
    } else {
      // `<scheme:`, a known scheme
      const buffer = this.input.buffer;
      const base = this.input.base;
      if (!isAsciiAlpha(buffer.charCodeAt(lessThan + 1 - base))) return no;
      let i = lessThan + 1;
      let key = 0;
      const bufferEnd = this.bufferEnd;
      for (; i < bufferEnd && i - lessThan <= maxKnownSchemeLength; i++) {
        const code = buffer.charCodeAt(i - base);
        if (!isSchemeChar(code)) break;
        key = schemeKeyStep(key, code);
      }
      if (i >= bufferEnd) return final ? no : needMore;
      if (buffer.charCodeAt(i - base) !== codes.colon) return no;
      if (knownSchemeByKey(key) === undefined) return no;
      contentStart = lessThan + 1;
      form = 'angle';
    }
    const close = this.wrapperClose(lessThan, contentStart);
    if (close === needMore) return needMore;
    // `URL:` starts no bare URL: scanning again goes on after it
    if (close === no) {
      if (form === 'url-wrapper') this.skipTo = contentStart;
      return no;
    }
    const compacted = compactWrapper(this.input.buffer, contentStart - this.input.base, close - this.input.base);
    if (!this.acceptWrapped(compacted.text, form)) {
      this.noWrapperBefore = close;
      return no;
    }
    const readings = hyphenReadings(compacted, this.options.hyphen);
    this.emit({
      url: readings[0] as string,
      alternatives: readings.slice(1),
      form,
      start: lessThan,
      end: close + 1,
    });
    return close + 1;
  }

  /** After `<`: the end of `URL:` plus an optional space, `no`, or `needMore`. */
  private matchUrlPrefix(at: number): number {
    const buffer = this.input.buffer;
    const index = at - this.input.base;
    const available = buffer.length - index;
    // letters fold to lower case with 0x20; `:` stays `:`
    for (let k = 0; k < urlPrefixFolded.length; k++) {
      if (k >= available) return needMore;
      if ((buffer.charCodeAt(index + k) | caseBit) !== urlPrefixFolded[k]) return no;
    }
    return at + urlPrefixFolded.length;
  }

  /**
   * Scan a wrapper's content for its `>`. Abandoned (returns `no`) at a
   * second `<`, a blank line, `maxWrapperLength` characters, or the end of
   * input; its text is then scanned again as ordinary text.
   *
   * ```markdown
   * > | <URL:ftp://ds.in
   *          ^^^^^^^^^^^ content
   * > |    ternic.net/rfc>.
   *        ^^^^^^^^^^^^^^ content, then `>`
   * ```
   */
  private wrapperClose(lessThan: number, contentStart: number): number {
    const limit = lessThan + this.options.maxWrapperLength;
    let i = contentStart;
    let blankSoFar = false;
    const pending = this.pending;
    if (pending !== undefined && pending.trigger === lessThan) {
      i = pending.resume;
      blankSoFar = pending.blankSoFar;
    }
    const end = this.bufferEnd;
    const buffer = this.input.buffer;
    const base = this.input.base;
    for (; i < end; i++) {
      if (i >= limit) return this.abandon(i);
      const code = buffer.charCodeAt(i - base);
      if (code === codes.greaterThan) return i;
      if (code === codes.lessThan) return this.abandon(i);
      if (isLineBreak(code)) {
        // CRLF is one break
        if (code === codes.lineFeed && buffer.charCodeAt(i - 1 - base) === codes.carriageReturn) continue;
        if (blankSoFar) return this.abandon(i);
        blankSoFar = true;
      } else if (!isInlineSpace(code) && code !== codes.formFeed && code !== codes.verticalTab) {
        blankSoFar = false;
      }
    }
    if (this.input.final) return this.abandon(end);
    this.pending = { trigger: lessThan, resume: i, blankSoFar };
    return needMore;
  }

  private abandon(at: number): number {
    this.noWrapperBefore = at;
    this.abandonedAt = at;
    return no;
  }

  /**
   * Is the content of a wrapper a URL? A scheme (letter first) and `:`; a
   * hierarchical known scheme needs `//` and a host.
   */
  private acceptWrapped(url: string, form: 'url-wrapper' | 'angle'): boolean {
    let i = 0;
    while (i < url.length && i <= maxSchemeLength && isSchemeChar(url.charCodeAt(i))) i++;
    if (i === 0 || url.charCodeAt(i) !== codes.colon || !isAsciiAlpha(url.charCodeAt(0))) return false;
    const scheme = knownScheme(url.slice(0, i).toLowerCase());
    if (form === 'angle' && scheme === undefined) return false;
    if (i + 1 >= url.length) return false;
    if (scheme?.hierarchical) return hasHost(url, i + 1, scheme.emptyHost === true) === true;
    return true;
  }

  private slice(from: number, to: number): string {
    return this.input.buffer.slice(from - this.input.base, to - this.input.base);
  }

  /** A recognizer's answer as an end offset, `no` or `needMore`. */
  private answer(recognition: Recognition): number {
    if (recognition.progress !== undefined) this.progress = recognition.progress;
    if (recognition.outcome === outcome.more) return needMore;
    if (recognition.outcome === outcome.no) {
      this.skipTo = recognition.resume;
      return no;
    }
    this.emit(recognition.candidate as Candidate);
    return recognition.resume;
  }

  private emit(candidate: Candidate): void {
    // a bare URL without delimiters is its own raw text: one string for both
    const raw =
      candidate.form === 'bare' && candidate.end - candidate.start === candidate.url.length
        ? candidate.url
        : this.slice(candidate.start, candidate.end);
    const start = this.lines.point(this.input.buffer, this.input.base, candidate.start);
    const end = this.lines.point(this.input.buffer, this.input.base, candidate.end);
    const record = createRecord(candidate.url, candidate.form, candidate.alternatives, raw, start, end, this.options);
    if (record !== undefined) this.records.push(record);
  }
}

/** Could `//` follow the `:` at buffer index `colon` (or does the buffer end before it can tell)? */
function maySlashesFollow(buffer: string, colon: number): boolean {
  if (colon + 2 >= buffer.length) return true;
  return buffer.charCodeAt(colon + 1) === codes.slash && buffer.charCodeAt(colon + 2) === codes.slash;
}

