/**
 * Running the CLI in tests: in process through `run(argv, io)`, or as the
 * real `bin/urlsift.js` in a child process.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from '../../src/cli/run.js';
import type { CliIo } from '../../src/cli/run.js';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const bin = path.join(root, 'bin/urlsift.js');

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** `run` with captured output; `stdin` as given (undefined: a terminal); `extra` added to the io. */
export async function runCli(argv: string[], stdin?: string, extra: Partial<CliIo> = {}): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, {
    write: (text) => {
      stdout += text;
    },
    error: (text) => {
      stderr += text;
    },
    stdin: () =>
      stdin === undefined
        ? undefined
        : (async function* () {
            yield new TextEncoder().encode(stdin);
          })(),
    stderrIsTty: false,
    ...extra,
  });
  return { code, stdout, stderr };
}

/**
 * `run` on standard input of two chunks, the second given only once a row
 * holding `releaseOn` has been written: a run that waited for more input
 * before writing the first chunk's rows would never end.
 */
export async function runLiveStdin(first: string, second: string, releaseOn: string): Promise<{ code: number; written: string }> {
  const written: string[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const code = await run([], {
    write: (text) => {
      written.push(text);
      if (text.includes(releaseOn)) release();
    },
    error: () => {},
    stdin: () =>
      (async function* () {
        yield new TextEncoder().encode(first);
        await released;
        yield new TextEncoder().encode(second);
      })(),
    stderrIsTty: false,
  });
  return { code, written: written.join('') };
}

/** The real command in a child process. */
export function spawnCli(argv: string[], options: { cwd?: string; stdin?: string | Uint8Array } = {}): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...argv], { cwd: options.cwd ?? root });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (data: string) => (stdout += data));
    child.stderr.setEncoding('utf8').on('data', (data: string) => (stderr += data));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    if (options.stdin !== undefined) child.stdin.end(options.stdin);
    else child.stdin.end();
  });
}

export { removeTree, tempDir } from '../temp-folders.js';

/** The URLs of text output (`FILE:LINE:COL<TAB>URL`), in order. */
export function urlsOf(stdout: string): string[] {
  return stdout
    .trimEnd()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t')[1] as string);
}

/** Write `text` to `name` below `folder` (folders made as needed); the file's path. */
export function writeIn(folder: string, name: string, text: string): string {
  const file = path.join(folder, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}
