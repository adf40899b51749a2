/**
 * What every recognizer reads and what it answers.
 *
 * A recognizer is a pure function, called by the scanner at one trigger
 * (`<`, `:`, `@`, `www.`) with the text buffered so far. It reads what it
 * needs around the trigger and answers one of three things:
 *
 * - `no`: no URL here; the search for triggers goes on at `resume`;
 * - `more`: the buffer ends before it can tell; the scanner calls it again at
 *   the same trigger when more text has come (or the input has ended);
 * - `match`: a URL, as a candidate with its raw span; the search goes on at
 *   `resume`.
 *
 * A recognizer that read ahead says so in `progress`; the scanner hands the
 * last progress back with every call, so text already read (a wrapper's
 * content, a long word) is not read again.
 */
import type { ResolvedScanOptions } from '../../scan-options.js';
import type { Candidate } from '../candidate.js';
import type { TerminatorProgress } from './terminator.js';
import type { WrapperProgress } from './wrapper.js';

/** The scanner's buffer, as a recognizer sees it. Offsets are absolute. */
export interface ScanInput {
  /** The buffered text. */
  readonly buffer: string;
  /** Absolute offset of `buffer[0]`. */
  readonly base: number;
  /** No more text will come. */
  readonly final: boolean;
  /** Absolute end of the last URL found: no recognizer looks back before it. */
  readonly lastUrlEnd: number;
  readonly options: ResolvedScanOptions;
}

/** Text a recognizer read ahead, handed back to the next call. */
export type Progress = TerminatorProgress | WrapperProgress;

export const outcome = { no: 0, more: 1, match: 2 } as const;
export type Outcome = (typeof outcome)[keyof typeof outcome];

export interface Recognition {
  readonly outcome: Outcome;
  /** `no` and `match`: absolute offset where the search for triggers goes on (never before the trigger's next character). */
  readonly resume: number;
  /** `match`: the URL found, with its raw span. */
  readonly candidate: Candidate | undefined;
  /** What was read ahead, if anything. */
  readonly progress: Progress | undefined;
}

/** Longest scheme name accepted in a `<URL:...>` wrapper, or before `://` in running text. */
export const maxSchemeLength = 32;
/** Longest local part of a bare e-mail address (RFC 5321). */
export const maxLocalPartLength = 64;
/** Characters a recognizer may look back at before its trigger: a scheme, a `URL:` prefix or a local part. */
export const lookbehind = Math.max(maxSchemeLength + 8, maxLocalPartLength + 2);
/** A bare URL longer than this ends here: memory stays bounded on endless lines. */
export const maxBareUrlLength = 65_536;

/** The `alternatives` of every URL that has none: one frozen empty list, shared by their records. */
export const noAlternatives: string[] = Object.freeze([]) as unknown as string[];

// (not frozen: every answer has one shape, so the scanner reads them all alike)
/** No URL at this trigger; the search goes on at the next character. */
export const noMatch: Recognition = { outcome: outcome.no, resume: 0, candidate: undefined, progress: undefined };
/** The buffer ends too soon to tell, and nothing was read ahead. */
export const needMore: Recognition = { outcome: outcome.more, resume: 0, candidate: undefined, progress: undefined };

/** No URL at this trigger, nor before `resume`. */
export function noMatchBefore(resume: number, progress?: Progress): Recognition {
  return { outcome: outcome.no, resume, candidate: undefined, progress };
}

/** The buffer ends too soon to tell; `progress` says how far it was read. */
export function needMoreAfter(progress: Progress): Recognition {
  return { outcome: outcome.more, resume: 0, candidate: undefined, progress };
}

/** A URL: the search goes on at its end. */
export function matched(candidate: Candidate, progress?: Progress): Recognition {
  return { outcome: outcome.match, resume: candidate.end, candidate, progress };
}

/** Code unit at absolute offset `offset` (NaN outside the buffer). */
export function codeAt(input: ScanInput, offset: number): number {
  return input.buffer.charCodeAt(offset - input.base);
}

/** The text of the absolute span [from, to). */
export function textOf(input: ScanInput, from: number, to: number): string {
  return input.buffer.slice(from - input.base, to - input.base);
}

/** Absolute end of the buffer. */
export function bufferEnd(input: ScanInput): number {
  return input.base + input.buffer.length;
}
