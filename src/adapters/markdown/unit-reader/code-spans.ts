/**
 * Code spans (CommonMark § 6.1): a backtick run opens one that the next run
 * of the same length closes. The runs of a text are listed once, by length,
 * and each length is searched from where its last search stopped: reading
 * a text stays linear however many runs it holds.
 */
import { codes } from '../../../decode/character-codes.js';

const { graveAccent, space, lineFeed, carriageReturn } = codes;

export class BacktickRuns {
  private runs: Map<number, number[]> | undefined;
  /** Per length: the index of the first run not yet passed. */
  private readonly next = new Map<number, number>();

  constructor(private readonly text: string) {}

  /** The start of the first run of exactly `length` backticks at or after `from`, or -1. */
  closerAfter(from: number, length: number): number {
    const runs = (this.runs ??= listRuns(this.text)).get(length);
    if (runs === undefined) return -1;
    let index = this.next.get(length) ?? 0;
    while (index < runs.length && (runs[index] as number) < from) index++;
    this.next.set(length, index);
    return index < runs.length ? (runs[index] as number) : -1;
  }
}

/** The backtick runs of `text` by length (each found with `indexOf`: the text between is not looked at one character at a time). */
function listRuns(text: string): Map<number, number[]> {
  const runs = new Map<number, number[]>();
  for (let at = text.indexOf('`'); at !== -1; at = text.indexOf('`', at)) {
    const start = at;
    while (at < text.length && text.charCodeAt(at) === graveAccent) at++;
    const list = runs.get(at - start);
    if (list === undefined) runs.set(at - start, [start]);
    else list.push(start);
  }
  return runs;
}

/**
 * The value of a code span whose content is `content`: one space or line
 * ending (`\n`, `\r\n`) stripped from each side when both sides have one and the content
 * is not only spaces and line endings (line endings are kept, as
 * mdast-util-from-markdown keeps them).
 */
export function codeSpanValue(content: string): string {
  const first = content.charCodeAt(0);
  const last = content.charCodeAt(content.length - 1);
  if (content.length >= 2 && isPad(first) && isPad(last)) {
    for (let at = 0; at < content.length; at++) {
      if (!isPad(content.charCodeAt(at))) {
        // a line ending is one pad, `\r\n` too
        const head = first === carriageReturn && content.charCodeAt(1) === lineFeed ? 2 : 1;
        const tail = last === lineFeed && content.charCodeAt(content.length - 2) === carriageReturn ? 2 : 1;
        return content.slice(head, content.length - tail);
      }
    }
  }
  return content;
}

function isPad(code: number): boolean {
  return code === space || code === lineFeed || code === carriageReturn;
}
