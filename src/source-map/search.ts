/**
 * The one binary search of the source map: how many of a sorted list of
 * offsets are at or below an offset. Line starts and segment starts are both
 * looked up with it.
 */

/**
 * How many of `sorted[0, length)` (ascending) are at or below `value`:
 * `countAtOrBelow([0, 5, 9], 5)` is 2, so `5` lies in the entry at index 1.
 * With `stride`, entry `i` is `sorted[i * stride]` (a field of records laid
 * out one after another in a typed array).
 */
export function countAtOrBelow(sorted: ArrayLike<number>, value: number, length: number = sorted.length, stride = 1): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle * stride] as number) <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}
