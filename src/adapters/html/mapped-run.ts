/**
 * Decoded text built piece by piece, each piece remembering where it came
 * from in the source: a copy (the same characters, kept as a source range
 * and sliced only when the text is asked for) or an atom (a character
 * reference such as `&amp;`, decoded to one or two code units). Offsets in
 * the decoded text map back to source offsets; an offset inside an atom maps
 * to the atom's start (for a start) or end (for an end).
 *
 * For a long run the pieces before `release(offset)` are dropped, so memory
 * follows the part still being scanned, not the run. One run is reused for
 * the next (`reset`): HTML has a run of text between every two tags.
 */
import { countAtOrBelow } from '../../source-map/search.js';

/** Source text of `[from, to)`. */
export type SourceSlice = (from: number, to: number) => string;

export class MappedRun {
  /** Decoded length so far, from the start of the run. */
  length = 0;
  // segments, parallel arrays: decoded start, source start, source end, decoded text of an atom
  private decoded: number[] = [];
  private sourceFrom: number[] = [];
  private sourceTo: number[] = [];
  /** `undefined` for a copy. */
  private atoms: Array<string | undefined> = [];
  /** Segments in use (the arrays are kept for reuse: truncating them costs more than overwriting). */
  private size = 0;
  /** First segment still held. */
  private head = 0;
  /** First segment not yet taken. */
  private untaken = 0;
  /** Any atom in the run. */
  hasAtoms = false;

  constructor(private readonly source: SourceSlice) {}

  /** Empty the run for reuse. */
  reset(): void {
    this.length = 0;
    this.size = 0;
    this.head = 0;
    this.untaken = 0;
    this.hasAtoms = false;
  }

  get empty(): boolean {
    return this.size === 0;
  }

  /** Append a copy of the source at `[from, to)`. */
  appendCopy(from: number, to: number): void {
    if (to <= from) return;
    const last = this.size - 1;
    if (last >= this.untaken && this.atoms[last] === undefined && this.sourceTo[last] === from) {
      this.sourceTo[last] = to;
    } else {
      this.push(from, to, undefined);
    }
    this.length += to - from;
  }

  /** Append `text`, decoded from the source at `[from, to)`. */
  appendAtom(text: string, from: number, to: number): void {
    if (text.length === 0) return;
    this.push(from, to, text);
    this.hasAtoms = true;
    this.length += text.length;
  }

  private push(from: number, to: number, atom: string | undefined): void {
    const index = this.size++;
    this.decoded[index] = this.length;
    this.sourceFrom[index] = from;
    this.sourceTo[index] = to;
    this.atoms[index] = atom;
  }

  /** Is the run all copies, its decoded text the source from `sourceStart` to `sourceEnd`? */
  get allCopies(): boolean {
    return !this.hasAtoms && this.head < this.size;
  }

  /** The source offset after the last segment (0 when empty). */
  get sourceEnd(): number {
    return this.size === 0 ? 0 : (this.sourceTo[this.size - 1] as number);
  }

  /** The decoded text of the segments not yet taken; they count as taken. */
  take(): string {
    let text = '';
    for (let index = this.untaken; index < this.size; index++) {
      text += this.atoms[index] ?? this.source(this.sourceFrom[index] as number, this.sourceTo[index] as number);
    }
    this.untaken = this.size;
    return text;
  }

  /** The source offset of the first source character still held, or undefined when the run is empty. */
  get sourceStart(): number | undefined {
    return this.head < this.size ? this.sourceFrom[this.head] : undefined;
  }

  /** The segment holding decoded offset `offset` (the last one starting at or before it, not before `head`). */
  private segment(offset: number): number {
    return Math.max(this.head, countAtOrBelow(this.decoded, offset, this.size) - 1);
  }

  /** Source offset where the character at decoded `offset` starts. */
  sourceOf(offset: number): number {
    if (this.head >= this.size) return 0;
    const index = this.segment(offset);
    const from = this.sourceFrom[index] as number;
    if (this.atoms[index] !== undefined) return from;
    return Math.min(from + Math.max(0, offset - (this.decoded[index] as number)), this.sourceTo[index] as number);
  }

  /** Source offset where decoded text ending (exclusive) at `offset` ends. */
  sourceEndOf(offset: number): number {
    if (this.head >= this.size) return 0;
    if (offset <= (this.decoded[this.head] as number)) return this.sourceFrom[this.head] as number;
    const index = this.segment(offset - 1);
    if (this.atoms[index] !== undefined) return this.sourceTo[index] as number;
    return Math.min((this.sourceFrom[index] as number) + offset - (this.decoded[index] as number), this.sourceTo[index] as number);
  }

  /** Drop the taken segments that end before decoded `offset`: nothing before it will be asked for. */
  release(offset: number): void {
    while (this.head + 1 < this.untaken && (this.decoded[this.head + 1] as number) <= offset) this.head++;
    if (this.head > 1024 && this.head * 2 > this.size) {
      this.decoded = this.decoded.slice(this.head, this.size);
      this.sourceFrom = this.sourceFrom.slice(this.head, this.size);
      this.sourceTo = this.sourceTo.slice(this.head, this.size);
      this.atoms = this.atoms.slice(this.head, this.size);
      this.untaken -= this.head;
      this.size -= this.head;
      this.head = 0;
    }
  }
}
