/**
 * A walk is a stream: an input is given before the files after it are
 * looked at, so memory follows a window of the folder, not the folder.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tempDir } from './cli-helpers.js';

const looks = vi.hoisted(() => ({ count: 0 }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...original,
    stat: (...args: Parameters<typeof original.stat>) => {
      looks.count++;
      return original.stat(...args);
    },
  };
});

const { walkTree } = await import('../../src/cli/walk/walk.js');
const { readListing } = await import('../../src/cli/walk/listing.js');

describe('a walk as a stream', () => {
  it('gives its first input after looking at a few files ahead, not at all 2,000', async () => {
    const folder = tempDir();
    for (let i = 0; i < 2000; i++) writeFileSync(path.join(folder, `f${String(i).padStart(4, '0')}.txt`), '');
    looks.count = 0;
    const walk = walkTree(folder, { hidden: false });
    const first = await walk.next();
    expect(first.value).toMatchObject({ kind: 'input', input: { name: path.join(folder, 'f0000.txt') } });
    expect(looks.count).toBeLessThanOrEqual(65);
    let inputs = 1;
    for await (const event of walk) if (event.kind === 'input') inputs++;
    expect(inputs).toBe(2000);
    expect(looks.count).toBe(2000);
  });

  // rule: walk-order
  it('a listing sorts names as their UTF-8 bytes do, a folder with a slash after its name', async () => {
    const folder = tempDir();
    // U+FF5E (three bytes, EF BD 9E) sorts before U+1F600 (four bytes, F0 9F 98 80) in bytes, after it in UTF-16 code units
    for (const name of ['b', 'a.txt', '\u{1f600}.txt', '\uff5e.txt', 'a-b.txt']) writeFileSync(path.join(folder, name), '');
    mkdirSync(path.join(folder, 'a'));
    const listing = await readListing(folder);
    expect(listing.names).toEqual(['a-b.txt', 'a.txt', 'a', 'b', '\uff5e.txt', '\u{1f600}.txt']);
  });
});
