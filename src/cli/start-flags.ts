/**
 * V8 settings the command makes in its own process before anything else is
 * loaded (`bin/urlsift.js` calls `setStartFlags` first, then imports the
 * command). Never set by the library: the process is the user's there.
 * Worker threads get V8's own growth back (`setWorkerFlags`, before they
 * start).
 */
import v8 from 'node:v8';

/**
 * How fast V8's young generation grows (it doubles by default) when much of
 * what it holds survives a collection. Its size at start and its bound are
 * fixed when the process starts; this factor is read each time it grows,
 * and it grows already while the command's modules load: set after them it
 * changes nothing measurable, so it is set before them. A file scanned
 * whole keeps its records until its rows are written, and text read as a
 * stream keeps its pieces and the scanner's state for a while: with 4,
 * 10 MB of URL-dense text took 20 collections of the young generation
 * instead of 26 (89 against 112 ms, medians of five runs) and 55 MB of
 * text 41 instead of 52 (38 against 55 ms). Peak memory: the same for
 * text and for a file scanned whole; JSON Lines of the 55 MB, 96 to 100
 * MB against 76 to 79 (its young generation now reaches the bound the text
 * run's reached already).
 * `node --max-semi-space-size=64` took no less time collecting (10 MB of
 * dense text: 143 to 226 ms against 144 to 196): V8 grows the young
 * generation only for what survives, and the bound is seldom reached.
 */
export const youngGenerationGrowth = '--semi-space-growth-factor=4';

/**
 * V8's own factor, set back before worker threads start (the flag is the
 * process's, read by every thread's heap as it grows): their young
 * generations may grow to 96 MB (`scheduler.ts`), and growing there by 4
 * took a run over 2,000 files with two jobs to a peak of 305 to 309 MB
 * against 267 to 296, for 55 to 58 young-generation collections instead of
 * 78 to 80 and no measurable change in time (CPU 1.00x, paired median of
 * four).
 */
export const workerYoungGenerationGrowth = '--semi-space-growth-factor=2';

/** The flags `setStartFlags` sets, in order. */
export const startFlags: readonly string[] = [youngGenerationGrowth];

export function setStartFlags(): void {
  for (const flag of startFlags) v8.setFlagsFromString(flag);
}

/** Before worker threads start: the young generation's growth back to V8's own. */
export function setWorkerFlags(): void {
  v8.setFlagsFromString(workerYoungGenerationGrowth);
}
