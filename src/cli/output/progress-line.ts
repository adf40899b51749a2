/**
 * The live progress line on standard error: files done of those found, MB,
 * URLs, MB/s, and the time left once the walk is over. It never touches a
 * result row:
 *
 * - on a terminal it is one line, cut to fit the width (so it never wraps),
 *   redrawn in place with a carriage return and an erase to the end of the
 *   line, at most ten times a second; nothing else (no hidden cursor, no
 *   saved cursor place, no line wrapping turned off);
 * - when the rows go to the same terminal (`--progress` asked for it), the
 *   line is erased before rows are written and drawn again after them, so
 *   every row is written whole on a line of its own;
 * - on anything else (a file, a pipe) it is a plain line every few seconds;
 * - at the end it is erased and leaves nothing behind.
 *
 * By default it is shown only where it cannot touch the results: standard
 * error is a terminal and standard output is not.
 */
import type { RunStats } from './run-stats.js';

export interface ProgressTotals {
  /** Inputs found so far, and their bytes; `done` once the walk is over. */
  inputs: number;
  bytes: number;
  done: boolean;
}

export interface ProgressLine {
  /** Note progress; the line is redrawn when enough time has passed. */
  update(stats: RunStats): void;
  /** Before rows are written to a terminal the line shares: erase it. */
  beforeRows(): void;
  /** After rows were written: draw it again. */
  afterRows(): void;
  /** Before a message on standard error: erase it (the next update draws it again). */
  beforeMessage(): void;
  /** Erase the line for good. */
  stop(): void;
  /** Where the totals come from once they are known (the walk runs while the line is shown). */
  setTotals(totals: ProgressTotals): void;
}

export interface ProgressTarget {
  write(text: string): void;
  /** Is it a terminal? */
  isTerminal: boolean;
  /** Its width in columns, when a terminal. */
  columns(): number | undefined;
  /** Do the rows go to this same terminal? */
  sharedWithRows: boolean;
}

const silent: ProgressLine = { update: () => {}, beforeRows: () => {}, afterRows: () => {}, beforeMessage: () => {}, stop: () => {}, setTotals: () => {} };

/** Redraws on a terminal at most this often. */
const terminalInterval = 100;
/** Lines to a file or pipe at most this often. */
const plainInterval = 2000;

/** `\r`, then erase the line (CSI 2 K). */
const eraseLine = '\r\x1b[2K';

function megabytes(bytes: number): string {
  return (bytes / 1e6).toFixed(1);
}

/** The line's text, without any terminal control. */
export function progressText(stats: RunStats, totals: ProgressTotals): string {
  const speed = stats.megabytesPerSecond;
  const files = totals.done ? `${stats.inputs}/${totals.inputs} files` : `${stats.inputs}/${totals.inputs}+ files`;
  let eta = '';
  if (totals.done && speed > 0) eta = ` | ETA ${Math.round(Math.max(0, totals.bytes - stats.bytes) / 1e6 / speed)}s`;
  const checking = stats.checking === undefined ? '' : ` | checked ${stats.checking.checked}/${stats.checking.found} distinct`;
  return `urlsift ${files} | ${megabytes(stats.bytes)} MB | ${stats.urls} URLs | ${speed.toFixed(1)} MB/s${eta}${checking}`;
}

/** The line cut to `columns - 1` characters: a line as wide as the terminal would wrap on some terminals. */
export function fitted(text: string, columns: number | undefined): string {
  const room = Math.max(1, (columns ?? 80) - 1);
  return text.length <= room ? text : `${text.slice(0, Math.max(0, room - 1))}…`;
}

export function createProgressLine(enabled: boolean, target: ProgressTarget, initial: ProgressTotals): ProgressLine {
  if (!enabled) return silent;
  let totals = initial;
  let drawn = false;
  let last = -Infinity;
  let latest: RunStats | undefined;
  const draw = () => {
    if (latest === undefined) return;
    if (target.isTerminal) {
      target.write(`${eraseLine}${fitted(progressText(latest, totals), target.columns())}`);
      drawn = true;
    } else target.write(`${progressText(latest, totals)}\n`);
    last = performance.now();
  };
  const erase = () => {
    if (!drawn) return;
    target.write(eraseLine);
    drawn = false;
  };
  return {
    update(stats) {
      latest = stats;
      const now = performance.now();
      if (now - last >= (target.isTerminal ? terminalInterval : plainInterval)) draw();
    },
    beforeRows() {
      if (target.sharedWithRows) erase();
    },
    afterRows() {
      if (target.sharedWithRows && latest !== undefined && target.isTerminal) draw();
    },
    beforeMessage() {
      if (target.isTerminal) {
        erase();
        last = -Infinity;
      }
    },
    stop() {
      // on a terminal nothing stays behind; a file or pipe gets the last figures
      if (target.isTerminal) erase();
      else if (latest !== undefined) target.write(`${progressText(latest, totals)}\n`);
    },
    setTotals(known) {
      totals = known;
    },
  };
}
