/**
 * An mbox whose messages are scanned elsewhere in batches (the command's
 * worker threads, `--jobs 2`): the records, their places in the file and the
 * notes are those of a scan in one thread, whatever the batch size and
 * whatever order the batches finish in; no more batches are in flight than
 * the runner allows; a batch that could not be scanned ends the scan after
 * what came before it.
 */
import { describe, expect, it } from 'vitest';
import { scanMailBatches } from '../../src/adapters/mail/scan-mail.js';
import { scanMessageBatch, type MessageBatch, type MessageRunner } from '../../src/adapters/mail/message-batch.js';
import type { MailNote, MailScanOptions } from '../../src/adapters/mail/index.js';
import { generatedMbox } from './generated-mbox.js';

/** Records (as the command writes them) and notes of `mbox`. */
async function scan(mbox: Buffer, runner?: MessageRunner): Promise<{ rows: string[]; notes: MailNote[] }> {
  const notes: MailNote[] = [];
  const options: MailScanOptions = { maxMessageSize: 4096, onNote: (note) => void notes.push(note) };
  const rows: string[] = [];
  for await (const records of scanMailBatches(mbox, options, runner)) for (const record of records) rows.push(JSON.stringify(record));
  return { rows, notes };
}

/**
 * Batches scanned in this thread as a worker would (what crosses is copied
 * both ways), finishing out of order: each waits a few turns, fewer for
 * later ones. Counts the batches in flight.
 */
function runnerOf(batchBytes: number, inFlight: number): MessageRunner & { most: number; batches: number } {
  let running = 0;
  let count = 0;
  const runner = {
    most: 0,
    batches: 0,
    inFlight,
    batchBytes,
    async run(batch: MessageBatch) {
      running++;
      runner.most = Math.max(runner.most, running);
      runner.batches++;
      const copy = structuredClone(batch);
      for (let turn = (7 - (count++ % 7)) * 3; turn > 0; turn--) await new Promise((resolve) => setImmediate(resolve));
      const result = structuredClone(await scanMessageBatch(copy));
      running--;
      return result;
    },
  };
  return runner;
}

describe('an mbox scanned in batches elsewhere', () => {
  const mbox = generatedMbox(3);

  it('the generated mbox holds every shape: notes of each kind, records of every message', async () => {
    const { rows, notes } = await scan(mbox);
    const codes = new Set(notes.map((note) => note.code));
    for (const code of ['from-line-in-body', 'message-too-large', 'broken-base64']) expect(codes).toContain(code);
    expect(rows.some((row) => row.includes('http://escaped.example/b'))).toBe(true);
    expect(rows.some((row) => row.includes('http://kept.example/after'))).toBe(true);
  });

  it.each([
    [1, 1],
    [1, 4],
    [700, 2],
    [4096, 3],
    [64 * 1024, 2],
    [1 << 24, 1],
  ])('batches of %i bytes, %i in flight: the records and notes of one thread, in order', async (batchBytes, inFlight) => {
    const expected = await scan(mbox);
    const runner = runnerOf(batchBytes, inFlight);
    const got = await scan(mbox, runner);
    expect(got.rows).toEqual(expected.rows);
    expect(got.notes).toEqual(expected.notes);
    expect(runner.batches).toBeGreaterThan(0);
    // back-pressure: a batch is handed out only while fewer than `inFlight` wait
    expect(runner.most).toBeLessThanOrEqual(inFlight);
  });

  it('a batch that could not be scanned ends the scan there, with what came before it', async () => {
    const expected = await scan(mbox);
    let handed = 0;
    const runner: MessageRunner = {
      inFlight: 2,
      batchBytes: 2048,
      run: async (batch) => {
        if (++handed === 3) throw new Error('worker gone');
        return scanMessageBatch(batch);
      },
    };
    const rows: string[] = [];
    const failure = (async () => {
      for await (const records of scanMailBatches(mbox, { maxMessageSize: 4096 }, runner)) for (const record of records) rows.push(JSON.stringify(record));
    })();
    await expect(failure).rejects.toThrow(/^messages \d+ to \d+ could not be scanned: worker gone$/);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(expected.rows.slice(0, rows.length));
  });

  it('a runner told each batch as it is taken back, in order, before its records', async () => {
    const order: string[] = [];
    const runner: MessageRunner = {
      inFlight: 3,
      batchBytes: 1024,
      run: (batch) => scanMessageBatch(batch),
      taken: (result) => void order.push(`taken ${result.records.length}`),
    };
    for await (const records of scanMailBatches(mbox, { maxMessageSize: 4096 }, runner)) order.push(`records ${records.length}`);
    // every batch's records follow its `taken`
    for (const [at, step] of order.entries()) {
      if (!step.startsWith('taken') || step === 'taken 0') continue;
      expect(order[at + 1]).toMatch(/^records /);
    }
    expect(order.filter((step) => step.startsWith('taken')).length).toBeGreaterThan(3);
  });
});
