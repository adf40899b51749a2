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
 *   `resume`. The answer is its own candidate (one object per URL found).
 *
 * A recognizer that read ahead says so in `progress`; the scanner hands the
 * last progress back with every call, so text already read (a wrapper's
 * content, a long word) is not read again.
 */
import type { ResolvedScanOptions } from '../scan-options.js';
import type { Form } from '../../records/url-record.js';
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

/**
 * A recognizer's answer. A `match` is also the candidate it found (`url`,
 * `alternatives`, `form`, and its raw span `start`–`end`); the other answers
 * carry an empty candidate, so that every answer has one shape.
 */
export interface Recognition extends Readonly<Candidate> {
  readonly outcome: Outcome;
  /** `no` and `match`: absolute offset where the search for triggers goes on (never before the trigger's next character). */
  readonly resume: number;
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
// rule: bare-url-length-cap
export const maxBareUrlLength = 65_536;


/** The `alternatives` of every URL that has none: one frozen empty list, shared by their records. */
export const noAlternatives: string[] = Object.freeze([]) as unknown as string[];

/** An answer that is no match: every field in the order of a match, its candidate empty. */
function answer(kind: Outcome, resume: number, progress: Progress | undefined): Recognition {
  return { url: '', alternatives: noAlternatives, form: 'bare', start: 0, end: 0, outcome: kind, resume, progress };
}

// (not frozen: every answer has one shape, so the scanner reads them all alike)
/** No URL at this trigger; the search goes on at the next character. */
export const noMatch: Recognition = answer(outcome.no, 0, undefined);
/** The buffer ends too soon to tell, and nothing was read ahead. */
export const needMore: Recognition = answer(outcome.more, 0, undefined);

/** No URL at this trigger, nor before `resume`. */
export function noMatchBefore(resume: number, progress?: Progress): Recognition {
  return answer(outcome.no, resume, progress);
}

/** The buffer ends too soon to tell; `progress` says how far it was read. */
export function needMoreAfter(progress: Progress): Recognition {
  return answer(outcome.more, 0, progress);
}

/**
 * A URL: `url` (the preferred reading) and its other readings, found as
 * `form` over the absolute span [start, end); the search goes on at its end.
 */
export function matched(
  url: string,
  alternatives: string[],
  form: Form,
  start: number,
  end: number,
  progress?: Progress,
): Recognition {
  return { url, alternatives, form, start, end, outcome: outcome.match, resume: end, progress };
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
