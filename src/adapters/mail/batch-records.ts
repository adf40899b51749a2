/**
 * The records of batches one at a time, as an async iterator that behaves
 * as an async generator doing `for await (const batch of batches) yield*
 * batch` would (calls to `next` answered in order, `return` and `throw`
 * closing the batches, nothing after an error), without its cost a record:
 * such a generator awaits each record it yields, and `yield*` of an array
 * goes through an async wrapper of the array's iterator, a few promises and
 * objects a record. Here a record of a batch already read is one settled
 * promise.
 */
export function batchRecords<T>(batches: AsyncIterable<T[]>): AsyncIterableIterator<T> {
  let source: AsyncIterator<T[]> | undefined;
  let batch: readonly T[] = [];
  let at = 0;
  let finished = false;
  /** The last call not answered at once, until it settles: a later call waits for it (calls are answered in order). */
  let reading: Promise<IteratorResult<T>> | undefined;

  const end = (): void => {
    finished = true;
    batch = [];
    at = 0;
  };

  /** The next record, reading batches until one holds one. */
  const step = async (): Promise<IteratorResult<T>> => {
    while (at >= batch.length) {
      if (finished) return { value: undefined, done: true };
      let result: IteratorResult<T[]>;
      try {
        source ??= batches[Symbol.asyncIterator]();
        result = await source.next();
      } catch (error) {
        end();
        throw error;
      }
      if (result.done === true) {
        end();
        return { value: undefined, done: true };
      }
      batch = result.value;
      at = 0;
    }
    return { value: batch[at++] as T, done: false };
  };

  /** Let the batches go (once, and only when they were opened and not used up); finished at once, before any wait. */
  const close = async (): Promise<void> => {
    const open = source !== undefined && !finished;
    end();
    if (open) await source?.return?.();
  };

  /** `run` once the calls before it are answered (at once when none is waiting). */
  const inTurn = (run: () => Promise<IteratorResult<T>>): Promise<IteratorResult<T>> => {
    const next = reading === undefined ? run() : reading.then(run, run);
    reading = next;
    const settled = (): void => {
      if (reading === next) reading = undefined;
    };
    next.then(settled, settled);
    return next;
  };

  return {
    next(): Promise<IteratorResult<T>> {
      if (reading === undefined && at < batch.length) return Promise.resolve({ value: batch[at++] as T, done: false });
      return inTurn(step);
    },
    return(value?: unknown): Promise<IteratorResult<T>> {
      return inTurn(async () => {
        await close();
        return { value: value as T, done: true };
      });
    },
    throw(error?: unknown): Promise<IteratorResult<T>> {
      return inTurn(async () => {
        await close();
        throw error;
      });
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
