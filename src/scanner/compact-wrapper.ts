/**
 * RFC 1738, Appendix: "extra whitespace (spaces, linebreaks, tabs, etc.) may
 * need to be added to break long URLs across lines. The whitespace should be
 * ignored when extracting the URL." And: "the interpreter of a URL containing
 * a line break immediately after a hyphen should ignore all unencoded
 * whitespace around the line break, and should be aware that the hyphen may
 * or may not actually be part of the URL."
 *
 * ```markdown
 * > | <URL:http://www.exam-
 *                          ^ hyphen before a line break: ambiguous
 * > |     ple.com/>
 *     ^^^^ whitespace: removed
 * ```
 */
import { isLineBreak, isWrapperWhitespace } from './character-classes.js';
import { codes } from '../decode/character-codes.js';

export interface CompactedWrapper {
  /** The content with every whitespace character removed. */
  text: string;
  /** Indices in `text` of hyphens that stood right before a line break. */
  hyphenBreaks: number[];
}

/** Remove whitespace from `source.slice(from, to)`, noting hyphens before line breaks. */
// rule: wrapper-whitespace
// rule: hyphen-rule-wrapper
export function compactWrapper(source: string, from: number, to: number): CompactedWrapper {
  let text = '';
  const hyphenBreaks: number[] = [];
  let runStart = from;
  /** The last kept character was a hyphen and no line break has been seen since. */
  let hyphenOpen = false;
  for (let i = from; i < to; i++) {
    const code = source.charCodeAt(i);
    if (!isWrapperWhitespace(code)) continue;
    if (i > runStart) {
      text += source.slice(runStart, i);
      hyphenOpen = source.charCodeAt(i - 1) === codes.dash;
    }
    runStart = i + 1;
    if (hyphenOpen && isLineBreak(code)) {
      hyphenBreaks.push(text.length - 1);
      hyphenOpen = false;
    }
  }
  if (to > runStart) text += source.slice(runStart, to);
  return { text, hyphenBreaks };
}

/** At most this many ambiguous hyphens get every combination of readings. */
const maxCombinedHyphens = 4;

/**
 * The readings of a compacted wrapper: the preferred one first (`keep`: every
 * ambiguous hyphen kept; `drop`: every one dropped), then the others, the
 * opposite extreme first. Up to four ambiguous hyphens give every
 * combination; more give the two extremes only.
 */
// rule: hyphen-readings
export function hyphenReadings(compacted: CompactedWrapper, hyphen: 'keep' | 'drop'): string[] {
  const { text, hyphenBreaks } = compacted;
  const count = hyphenBreaks.length;
  if (count === 0) return [text];
  const masks: number[] = [];
  const all = (1 << Math.min(count, maxCombinedHyphens)) - 1;
  if (count <= maxCombinedHyphens) {
    // mask bit set = hyphen dropped
    for (let mask = 0; mask <= all; mask++) masks.push(mask);
    masks.sort((a, b) => popCount(a) - popCount(b) || a - b);
  } else {
    masks.push(0, -1);
  }
  if (hyphen === 'drop') masks.reverse();
  // keep the opposite extreme right after the preferred reading
  const [first, ...rest] = masks as [number, ...number[]];
  const last = rest.pop();
  const ordered = last === undefined ? [first] : [first, last, ...rest];
  const readings: string[] = [];
  for (const mask of ordered) {
    const reading = dropHyphens(text, hyphenBreaks, mask);
    if (!readings.includes(reading)) readings.push(reading);
  }
  return readings;
}

function popCount(mask: number): number {
  let count = 0;
  for (let m = mask; m !== 0; m &= m - 1) count++;
  return count;
}

function dropHyphens(text: string, hyphenBreaks: number[], mask: number): string {
  if (mask === 0) return text;
  let result = '';
  let from = 0;
  for (let bit = 0; bit < hyphenBreaks.length; bit++) {
    if (mask !== -1 && (mask & (1 << bit)) === 0) continue;
    const index = hyphenBreaks[bit] as number;
    result += text.slice(from, index);
    from = index + 1;
  }
  return result + text.slice(from);
}
