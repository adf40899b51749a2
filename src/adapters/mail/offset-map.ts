/**
 * A map from offsets in a derived text back to offsets in the text it was
 * made from: which pieces were copied, and which units stand for a longer
 * stretch of the original (an HTML entity). Used after quote stripping and
 * format=flowed unwrapping, and for HTML text nodes.
 */
export class OffsetMap {
  /** Output length so far. */
  length = 0;
  private readonly o0: number[] = [];
  private readonly i0: number[] = [];
  private readonly i1: number[] = [];
  private readonly linear: boolean[] = [];

  /** The next `units` output units are copies of input units from `inStart` on. */
  copy(inStart: number, units: number): void {
    if (units <= 0) return;
    const n = this.o0.length - 1;
    if (n >= 0 && this.linear[n] && this.i1[n] === inStart) {
      this.i1[n] = inStart + units;
    } else {
      this.o0.push(this.length);
      this.i0.push(inStart);
      this.i1.push(inStart + units);
      this.linear.push(true);
    }
    this.length += units;
  }

  /** The next `units` output units stand for input `[inStart, inEnd)` as a whole. */
  atom(inStart: number, inEnd: number, units: number): void {
    if (units <= 0) return;
    this.o0.push(this.length);
    this.i0.push(inStart);
    this.i1.push(inEnd);
    this.linear.push(false);
    this.length += units;
  }

  /** Input offset where output unit `offset` starts. */
  start(offset: number): number {
    const s = this.find(offset);
    return this.linear[s] ? this.i0[s]! + (offset - this.o0[s]!) : this.i0[s]!;
  }

  /** Input offset (exclusive) where output ending at `offset` (exclusive) ends. */
  end(offset: number): number {
    const s = this.find(Math.max(0, offset - 1));
    return this.linear[s] ? this.i0[s]! + (Math.max(offset, this.o0[s]! + 1) - this.o0[s]!) : this.i1[s]!;
  }

  private find(offset: number): number {
    let low = 0;
    let high = this.o0.length - 1;
    if (high < 0) throw new RangeError('Empty offset map');
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (this.o0[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}
