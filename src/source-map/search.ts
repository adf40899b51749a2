/**
 * The one binary search of the source map: how many of a sorted list of
 * offsets are at or below an offset. Line starts and segment starts are both
 * looked up with it.
 */

/**
 * How many of `sorted[0, length)` (ascending) are at or below `value`:
 * `countAtOrBelow([0, 5, 9], 5)` is 2, so `5` lies in the entry at index 1.
 */
export function countAtOrBelow(sorted: ArrayLike<number>, value: number, length: number = sorted.length): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}
