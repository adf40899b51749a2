/**
 * `scanMail` hands its records one at a time from batches (`batchRecords`):
 * whatever calls a caller makes (`next` awaited or several at once,
 * `return`, `throw`) and whether the batches fail, it answers as the async
 * generator `for await (const batch of batches) yield* batch` answers, and
 * closes the batches when that would.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { batchRecords } from '../../src/adapters/mail/batch-records.js';

/** What `batchRecords` stands for. */
function reference<T>(batches: AsyncIterable<T[]>): AsyncIterableIterator<T> {
  return (async function* () {
    for await (const batch of batches) yield* batch;
  })();
}

interface Source {
  batches: AsyncIterable<number[]>;
  /** What happened to the batches, in order: `read N`, `failed`, `closed`. */
  log: string[];
}

/** Batches of the given sizes (records numbered), failing instead of giving batch `failAt` when set. */
function source(sizes: readonly number[], failAt: number | undefined): Source {
  const log: string[] = [];
  let next = 0;
  async function* batches(): AsyncGenerator<number[]> {
    try {
      for (let i = 0; i < sizes.length; i++) {
        await Promise.resolve();
        if (i === failAt) {
          log.push('failed');
          throw new Error('the batches failed');
        }
        log.push(`read ${i}`);
        yield Array.from({ length: sizes[i] as number }, () => next++);
      }
    } finally {
      log.push('closed');
    }
  }
  return { batches: batches(), log };
}

type Call = { kind: 'next' | 'return' | 'throw'; wait: boolean };

/** Make `calls` on `iterator`; each answer, in call order (a `throw` call's rejection as `rejected`: see below). */
async function drive(iterator: AsyncIterableIterator<number>, calls: readonly Call[]): Promise<string[]> {
  const answers: Promise<string>[] = [];
  for (const call of calls) {
    const made =
      call.kind === 'next' ? iterator.next() : call.kind === 'return' ? (iterator.return as (value?: unknown) => Promise<IteratorResult<number>>)('r') : (iterator.throw as (e?: unknown) => Promise<IteratorResult<number>>)(new Error('thrown in'));
    const answer = made.then(
      (result) => (result.done === true ? `done ${String(result.value)}` : `value ${result.value}`),
      // an async generator inside `yield*` of an array rejects a `throw` with a TypeError (arrays have no `throw`); this one with the error given
      (error: Error) => (call.kind === 'throw' ? 'rejected' : `error ${error.message}`),
    );
    answers.push(answer);
    if (call.wait) await answer;
  }
  return Promise.all(answers);
}

async function both(sizes: readonly number[], failAt: number | undefined, calls: readonly Call[]): Promise<{ ours: unknown; theirs: unknown }> {
  const a = source(sizes, failAt);
  const ours = await drive(batchRecords(a.batches), calls);
  const b = source(sizes, failAt);
  const theirs = await drive(reference(b.batches), calls);
  // let the batches' own closing settle
  for (let turn = 0; turn < 10; turn++) await Promise.resolve();
  return { ours: { answers: ours, log: a.log }, theirs: { answers: theirs, log: b.log } };
}

const next = (wait = true): Call => ({ kind: 'next', wait });
const stop: Call = { kind: 'return', wait: true };
const fail: Call = { kind: 'throw', wait: true };

describe('records of batches, one at a time', () => {
  it.each([
    ['all read', [2, 0, 3], undefined, [next(), next(), next(), next(), next(), next(), next()]],
    ['no batches', [], undefined, [next(), next()]],
    ['empty batches only', [0, 0], undefined, [next(), next()]],
    ['stopped inside a batch', [3, 2], undefined, [next(), stop, next()]],
    ['stopped before the first record', [3], undefined, [stop, next()]],
    ['stopped after the last', [1], undefined, [next(), next(), stop]],
    ['thrown into inside a batch', [3, 2], undefined, [next(), fail, next()]],
    ['thrown into before the first record', [3], undefined, [fail, next()]],
    ['the batches fail', [2, 2, 2], 1, [next(), next(), next(), next(), next()]],
    ['the first batch fails', [2], 0, [next(), next()]],
    ['several calls at once, over a failure', [1, 1, 1], 2, [next(false), next(false), next(false), next(false), next()]],
    ['calls at once, then stopped', [1, 2], undefined, [next(false), next(false), stop, next()]],
    ['calls at once across batches', [1, 0, 2, 1], undefined, [next(false), next(false), next(false), next(false), next(false)]],
  ] as const)('%s', async (_, sizes, failAt, calls) => {
    const { ours, theirs } = await both(sizes, failAt, calls);
    expect(ours).toEqual(theirs);
  });

  it('any batches, any calls: the same answers and the same reading and closing of the batches', async () => {
    const call = fc.record({ kind: fc.constantFrom<Call['kind']>('next', 'next', 'next', 'next', 'return', 'throw'), wait: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(3), { maxLength: 6 }), fc.option(fc.nat(6), { nil: undefined }), fc.array(call, { maxLength: 14 }), async (sizes, failAt, calls) => {
        const { ours, theirs } = await both(sizes, failAt, calls);
        expect(ours).toEqual(theirs);
      }),
      { numRuns: 400 },
    );
  });
});
