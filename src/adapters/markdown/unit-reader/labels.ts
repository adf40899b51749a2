/**
 * The labels a document may define (CommonMark § 4.7): a bracket that
 * opens no inline link is a reference only when its label matches a
 * definition somewhere in the document; otherwise it is text. The unit
 * reader models the text case only, so it needs to know, for sure, that
 * no definition matches: this is a superset of the labels defined, from
 * every `[…]:` of the document (in code, quotes and lists too), compared
 * loosely (letters folded, whitespace and `>` dropped, so that a label
 * broken across quoted lines still matches).
 */
import { codes } from '../../../decode/character-codes.js';
import type { Absent } from './answers.js';

const { leftSquareBracket, rightSquareBracket, space, tab, lineFeed, carriageReturn, greaterThan } = codes;

/** CommonMark's limit on a label's length. */
export const maxLabelLength = 999;

/** Labels a document may define, by {@link labelKey}. */
export class PossibleLabels {
  private readonly keys = new Set<string>();

  /**
   * Every `[label]:` of `source`: at each `]:`, the last `[` before it with
   * no `]` between. Each look back stops at a bracket or past the longest
   * label, and starts past the last `]` looked back from: every character
   * is looked at once at most.
   */
  constructor(source: string) {
    /** The `]` looked back from last (no look back passes it). */
    let lastClose = -1;
    for (let close = source.indexOf(']:'); close !== -1; close = source.indexOf(']:', close + 1)) {
      const limit = Math.max(lastClose, close - maxLabelLength - 2);
      lastClose = close;
      for (let at = close - 1; at > limit; at--) {
        const code = source.charCodeAt(at);
        if (code === rightSquareBracket) break;
        if (code === leftSquareBracket) {
          this.keys.add(labelKey(source, at + 1, close));
          break;
        }
      }
    }
  }

  /** May `text[from, to)` be a label the document defines? */
  mayBeDefined(text: string, from: number, to: number): boolean {
    return this.keys.has(labelKey(text, from, to));
  }
}

/** A label compared loosely: ASCII and Unicode case folded as CommonMark does, whitespace and `>` left out. */
export function labelKey(text: string, from: number, to: number): string {
  let key = '';
  let start = from;
  for (let at = from; at < to; at++) {
    const code = text.charCodeAt(at);
    if (code === space || code === tab || code === lineFeed || code === carriageReturn || code === greaterThan) {
      key += text.slice(start, at);
      start = at + 1;
    }
  }
  key += text.slice(start, to);
  return key.toLowerCase().toUpperCase();
}

/** A label as CommonMark compares labels: whitespace collapsed and trimmed, case folded (micromark's `normalizeIdentifier`). */
export function normalizeLabel(label: string): string {
  return label.replace(whitespaceRun, ' ').replace(edgeSpace, '').toLowerCase().toUpperCase();
}

const whitespaceRun = /[\t\n\r ]+/g;
const edgeSpace = /^ | $/g;

/**
 * The definitions a reference may resolve to: by normalized label, the URL
 * of the definition that wins (the first in the document), when it is
 * surely known; {@link absent} when the label is surely defined nowhere;
 * undefined when unsure (then a label that may be defined is not
 * modelled).
 */
export type KnownDefinitions = (normalized: string) => string | Absent | undefined;
