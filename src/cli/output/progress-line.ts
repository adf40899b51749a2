/**
 * The live progress line on standard error (cli-progress): files done of
 * total, MB, URLs, MB/s, ETA. Shown only when stderr is a terminal or
 * `--progress` asks for it.
 */
import type { RunStats } from './run-stats.js';

export interface ProgressLine {
  update(stats: RunStats, bytesDone: number): void;
  stop(): void;
}

const silent: ProgressLine = { update: () => {}, stop: () => {} };

/** Start the progress line (cli-progress is loaded only when one is shown). */
export async function createProgressLine(
  enabled: boolean,
  stream: NodeJS.WritableStream,
  totalFiles: number,
  totalBytes: number,
): Promise<ProgressLine> {
  if (!enabled) return silent;
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: 'urlsift {bar} {value}/{total} files | {mb} MB | {urls} URLs | {speed} MB/s | ETA {eta}s',
      hideCursor: false,
      clearOnComplete: true,
      noTTYOutput: true,
      notTTYSchedule: 1000,
      etaBuffer: 50,
      barsize: 20,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(totalFiles, 0, { mb: '0.0', urls: 0, speed: '0.0', eta: '?' });
  return {
    update(stats, bytesDone) {
      const speed = stats.megabytesPerSecond;
      const remaining = Math.max(0, totalBytes - bytesDone) / 1e6;
      const eta = speed > 0 ? Math.round(remaining / speed) : '?';
      bar.update(stats.inputs, {
        mb: (stats.bytes / 1e6).toFixed(1),
        urls: stats.urls,
        speed: speed.toFixed(1),
        eta,
      });
    },
    stop() {
      bar.stop();
    },
  };
}
