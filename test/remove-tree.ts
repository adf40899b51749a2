/** Removing a folder a test made, whatever the test did to it. */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

/** Remove `folder` and all in it, giving back the permissions a test took away first. */
export function removeTree(folder: string): void {
  try {
    rmSync(folder, { recursive: true, force: true });
  } catch {
    // a folder a test made unreadable, or a tree deeper than rmSync's recursion goes
    spawnSync('chmod', ['-R', 'u+rwx', folder]);
    spawnSync('rm', ['-rf', folder]);
  }
}
