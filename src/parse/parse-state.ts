/**
 * What the scheme parsers share while one URL is read: the input, the parts
 * found so far and the errors, plus the shape every scheme module exports.
 */
import { errorCodes, type ErrorCode } from './error-codes.js';
import type { ParseError, UrlParts } from './parsed-url.js';

/** At most this many errors are kept per URL; then `too-many-errors` closes the list. */
export const maxErrors = 100;

/** The state of one `parse` call. Offsets are into `input`. */
export interface ParseState {
  readonly input: string;
  readonly parts: UrlParts;
  readonly errors: ParseError[];
}

/** A fresh state for `input`. */
export function createState(input: string): ParseState {
  return { input, parts: {}, errors: [] };
}

/**
 * Record a validation error at `offset` (0-based, UTF-16 code units of the input).
 * Parsing goes on: the parser collects errors rather than stopping at the first.
 */
export function report(state: ParseState, code: ErrorCode, offset: number): void {
  reportWithMessage(state, code, offset, errorCodes[code]);
}

/** {@link report} with a message about this occurrence (the characters it names), not the code's sentence. */
export function reportWithMessage(state: ParseState, code: ErrorCode, offset: number, message: string): void {
  const { errors } = state;
  if (errors.length < maxErrors) {
    errors.push({ code, message, offset });
  } else if (errors.length === maxErrors) {
    errors.push({ code: 'too-many-errors', message: errorCodes['too-many-errors'], offset });
  }
}

/**
 * How one scheme (or the generic form) reads and writes its scheme-specific
 * part: the text after `scheme:` and before any `#fragment`.
 */
export interface SchemeSyntax {
  /** Read `state.input` from `start` to `end` (exclusive) into `state.parts`. */
  readonly parse: (state: ParseState, start: number, end: number) => void;
  /** Write the scheme-specific part back from `parts`. */
  readonly format: (parts: UrlParts) => string;
}
