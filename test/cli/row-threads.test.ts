/**
 * JSON Lines rows of a text input made off the main thread
 * (`src/cli/rows/`): the same bytes as the rows made in one thread, in
 * order across many batches, with a worker that fails or cannot start, and
 * with a write that fails. The command itself: `| head -1` and Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { scanTextStream } from '../../src/adapters/text/scan-text-stream.js';
import { rowJson } from '../../src/cli/output/json-row.js';
import { scanToJsonRows, batchCandidates, type JsonRowsOptions } from '../../src/cli/rows/row-threads.js';
import type { RowWorkerData } from '../../src/cli/rows/row-worker.js';
import { rowOf } from '../../src/cli/scan/scan-result.js';
import { createRecord } from '../../src/records/create-record.js';
import { resolveScanOptions, type ScanOptions } from '../../src/scanner/scan-options.js';
import { Scanner } from '../../src/scanner/scanner.js';
import { bin } from './cli-helpers.js';

const name = 'input.txt';

/** `bytes` in chunks of `size` bytes (a chunk may end inside a character). */
async function* chunksOf(bytes: Uint8Array, size: number): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** The rows as the one-thread path makes them: the scanner's records, each written by `rowJson`. */
async function oneThreadRows(text: string, scan: ScanOptions = {}): Promise<string> {
  const scanner = new Scanner(resolveScanOptions(scan), createRecord);
  let out = '';
  for await (const records of scanTextStream(chunksOf(Buffer.from(text, 'utf8'), 65_536), scanner, { sniff: true })) {
    for (const record of records) out += `${rowJson(rowOf(record, name))}\n`;
  }
  return out;
}

/** The rows through `scanToJsonRows`, as text, and how many it said it wrote. */
async function pipedRows(text: string, options: Partial<JsonRowsOptions> = {}, chunkSize = 65_536): Promise<{ text: string; rows: number }> {
  const pieces: Buffer[] = [];
  let rows = 0;
  await scanToJsonRows(chunksOf(Buffer.from(text, 'utf8'), chunkSize), { name, scan: {}, workerFrom: 0, live: false, ...options }, async (written, count) => {
    for (const piece of written) pieces.push(Buffer.from(piece));
    rows += count;
  });
  return { text: Buffer.concat(pieces).toString('utf8'), rows };
}

const lineCount = (text: string) => text.split('\n').length - 1;

/** Inputs of every kind of row. */
const inputs: [string, string][] = [
  ['an empty file', ''],
  ['a file of one URL', 'http://one.example/'],
  ['no URL at all', 'just words, and more words\n'.repeat(100)],
  ['multi-byte text around URLs', 'Grüße — see http://a.example/ü and 日本語 http://b.example/x?q=é “http://c.example/” 😀 http://d.example/\n'],
  ['Latin-1 letters in URLs (a batch made one-byte, its rows beyond ASCII)', 'x http://latin.example/café?q=naïve y <http://latin.example/ß>\n'],
  ['an IRI and a host beyond ASCII', 'visit http://bücher.example/straße and http://例え.テスト/パス\n'],
  ['wrappers across lines', 'one <URL:http://wrap.example/a\n  b/c> two <http://wrap.example/d> three "http://quoted.example/e"\n'],
  ['a hyphen break (another reading)', 'see http://hyphen.example/some-\nthing here\n'],
  ['notes: an unclosed wrapper', `<URL:http://open.example/${'x '.repeat(3000)}\nand http://after.example/\n`],
  ['other schemes and errors', 'ftp://ftp.example/pub/a;type=i mailto:someone@example.org news:comp.lang gopher://g.example:70/1 http://bad host/ http://a.example:99999/ telnet://u:p@t.example/\n'],
  ['controls and bidi characters', 'x http://paypal.com\u202e@evil.example/ y http://a.example/\u0007b z\n'],
  ['a URL with quotes and backslashes', 'x <http://q.example/a"b\\c> y\n'],
  ['CRLF lines', 'a http://crlf.example/1\r\nb http://crlf.example/2\r\n'],
  ['a byte order mark', '\ufeffhttp://bom.example/ first\n'],
];

/** Many URLs, numbered: more than a few batches. */
const manyUrls = (count: number) => Array.from({ length: count }, (_, i) => `line ${i} “http://many.example/${i}” é\n`).join('');

describe('JSON Lines rows made off the main thread', () => {
  const modes: [string, Partial<JsonRowsOptions>][] = [
    ['by the worker', { workerFrom: 0 }],
    ['in the main thread (no worker)', { workerFrom: Infinity }],
    ['by the worker, sent at each piece read (a live input)', { workerFrom: 0, live: true }],
  ];
  for (const [mode, options] of modes) {
    it.each(inputs)(`%s: the one-thread rows, ${mode}`, async (_label, text) => {
      const expected = await oneThreadRows(text);
      const piped = await pipedRows(text, options);
      expect(piped.text).toBe(expected);
      expect(piped.rows).toBe(lineCount(expected));
    });
  }

  it.each(inputs)('%s: the same rows read a few bytes at a time (chunks end inside characters)', async (_label, text) => {
    expect((await pipedRows(text, { workerFrom: 0, live: true }, 7)).text).toBe(await oneThreadRows(text));
  });

  it('keeps the input order across many batches', async () => {
    const count = batchCandidates * 12 + 5;
    const text = manyUrls(count);
    const piped = await pipedRows(text, { workerFrom: 0 }, 4096);
    expect(piped.text).toBe(await oneThreadRows(text));
    const urls = piped.text.trimEnd().split('\n').map((line) => (JSON.parse(line) as { url: string }).url);
    expect(urls).toEqual(Array.from({ length: count }, (_, i) => `http://many.example/${i}`));
  });

  it('starts the worker only past `workerFrom` characters, the rows the same', async () => {
    const text = manyUrls(batchCandidates * 6);
    let started = 0;
    const startWorker = (data: RowWorkerData) => {
      started++;
      return new Worker(new URL('../../dist/cli-bundle/row-worker.js', import.meta.url), { workerData: data });
    };
    expect((await pipedRows(text, { workerFrom: Infinity, startWorker })).text).toBe(await oneThreadRows(text));
    expect(started).toBe(0);
    expect((await pipedRows(text, { workerFrom: text.length / 2, startWorker }, 4096)).text).toBe(await oneThreadRows(text));
    expect(started).toBe(1);
  });

  it('applies the scan options as the one-thread path does (schemes, strict)', async () => {
    const text = inputs.map(([, input]) => input).join('\n');
    for (const scan of [{ schemes: ['ftp', 'mailto'] }, { strict: true }, { emails: true, schemeless: true }] as ScanOptions[]) {
      expect((await pipedRows(text, { scan })).text).toBe(await oneThreadRows(text, scan));
    }
  });

  /** Workers that fail: the rows are made in the main thread, none lost. */
  const failing: [string, () => Worker][] = [
    ['exits at its first batch', () => new Worker("require('node:worker_threads').parentPort.once('message', () => process.exit(3))", { eval: true })],
    ['throws at its first batch', () => new Worker("require('node:worker_threads').parentPort.once('message', () => { throw new Error('broken') })", { eval: true })],
    ['answers each batch with an error', () => new Worker("const { parentPort } = require('node:worker_threads'); parentPort.on('message', ({ id }) => parentPort.postMessage({ id, error: 'no rows' }))", { eval: true })],
    ['cannot be started', () => { throw new Error('no threads'); }],
    ['cannot be loaded', () => new Worker(new URL('./no-such-worker.js', import.meta.url))],
  ];
  it.each(failing)('falls back to the main thread when the worker %s', async (_label, startWorker) => {
    const text = manyUrls(batchCandidates * 5) + inputs.map(([, input]) => input).join('\n');
    const piped = await pipedRows(text, { workerFrom: 0, startWorker }, 4096);
    expect(piped.text).toBe(await oneThreadRows(text));
    expect(piped.rows).toBe(lineCount(piped.text));
  });

  it('ends with the error of a failed write, the rows before it written', async () => {
    const text = manyUrls(batchCandidates * 8);
    let writes = 0;
    const failure = new Error('no space left on the device');
    const run = scanToJsonRows(chunksOf(Buffer.from(text), 4096), { name, scan: {}, workerFrom: 0, live: false }, async () => {
      if (++writes === 2) throw failure;
    });
    await expect(run).rejects.toBe(failure);
    expect(writes).toBe(2);
  });
});

/** The command on standard input (past the size that starts a worker), as JSON Lines, with `--jobs 2` unless told otherwise. */
function command(stdin: string, args: string[] = ['--jobs', '2']) {
  const child = spawn(process.execPath, [bin, '--format', 'jsonl', ...args, '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  child.stdin.on('error', () => {});
  child.stdin.write(stdin);
  return { child, ended, stderr: () => stderr };
}

describe('the command, rows made by the worker', () => {
  const big = manyUrls(60_000);

  it('writes the rows of standard input as one thread does (--jobs 2 against --jobs 1)', async () => {
    const run = command(big);
    run.child.stdin.end();
    let out = '';
    run.child.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
    const ended = await run.ended;
    expect(ended.code).toBe(0);
    expect(run.stderr()).toBe('');
    const one = command(big, ['--jobs', '1']);
    one.child.stdin.end();
    let oneOut = '';
    one.child.stdout.setEncoding('utf8').on('data', (text: string) => (oneOut += text));
    await one.ended;
    expect(out).toBe(oneOut);
    expect(lineCount(out)).toBe(60_000);
  });

  it('ends quietly with exit 0 when the reader stops (| head -1)', async () => {
    const run = command(big);
    run.child.stdin.end();
    run.child.stdout.once('data', () => run.child.stdout.destroy());
    const ended = await run.ended;
    expect(ended.code).toBe(0);
    expect(run.stderr()).toBe('');
  });

  it('ends on Ctrl-C with exit 130 while standard input is still open', async () => {
    const run = command(big);
    await new Promise((resolve) => run.child.stdout.once('data', resolve));
    run.child.kill('SIGINT');
    const ended = await run.ended;
    expect(ended.code === 130 || ended.signal === 'SIGINT').toBe(true);
    run.child.stdin.destroy();
  });
});
