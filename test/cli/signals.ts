/**
 * Knowing that a child process is where a Ctrl-C test wants it, without
 * guessing with a delay: Linux names, in /proc/PID/task/TID/wchan, where in
 * the kernel each thread of a process sleeps; a thread opening a FIFO that
 * has no writer sleeps in `wait_for_partner`.
 */
import { readdirSync, readFileSync } from 'node:fs';

function sleepsIn(pid: number, place: string): boolean {
  try {
    return readdirSync(`/proc/${pid}/task`).some((thread) => {
      try {
        return readFileSync(`/proc/${pid}/task/${thread}/wchan`, 'utf8').trim() === place;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

/** Resolves once a thread of process `pid` waits to open a FIFO no one writes to (polling every 20 ms, for at most `limitMs`). */
export async function untilWaitingOnFifo(pid: number, limitMs = 60_000): Promise<void> {
  const start = Date.now();
  while (!sleepsIn(pid, 'wait_for_partner')) {
    if (Date.now() - start > limitMs) throw new Error(`process ${pid} never waited on a FIFO`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
