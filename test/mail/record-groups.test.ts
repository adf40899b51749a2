/**
 * A message's records are handed on in groups (those of a header block, or
 * of a piece of text), not one at a time: the batches made of the groups
 * are the batches made of the same records one by one, and a later
 * alternative's group keeps only the URLs no earlier alternative had, in
 * their order.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { groupsInBatches, inBatches } from '../../src/adapters/mail/split-message-scan.js';
import { scanMail } from '../../src/adapters/mail/index.js';
import type { MailRecord } from '../../src/records/url-record.js';

/** Groups of the given sizes, each record a distinct stand-in (only identity and order matter). */
function groupsOf(sizes: readonly number[]): MailRecord[][] {
  let next = 0;
  return sizes.map((size) => Array.from({ length: size }, () => ({ url: `http://example.com/${next++}` }) as MailRecord));
}

/** The records of each batch, by their URLs. */
function urls(batches: Iterable<MailRecord[]>): string[][] {
  return [...batches].map((batch) => batch.map((record) => record.url));
}

describe('batches of groups', () => {
  it.each([
    [[]],
    [[0]],
    [[0, 0, 3]],
    [[1]],
    [[255]],
    [[256]],
    [[257]],
    [[255, 1]],
    [[255, 2]],
    [[100, 200]],
    [[300, 10]],
    [[10, 0, 600, 1]],
    [[256, 256, 0, 256]],
  ])('groups of sizes %j: the batches of the same records one by one', (sizes) => {
    const byGroup = urls(groupsInBatches(groupsOf(sizes)));
    const byRecord = urls(inBatches(groupsOf(sizes).flat()));
    expect(byGroup).toEqual(byRecord);
  });

  it('any sizes: the same batches, none empty, none over 256', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.nat(20), fc.nat(700)), { maxLength: 30 }), (sizes) => {
        const byGroup = urls(groupsInBatches(groupsOf(sizes)));
        expect(byGroup).toEqual(urls(inBatches(groupsOf(sizes).flat())));
        for (const batch of byGroup) {
          expect(batch.length).toBeGreaterThan(0);
          expect(batch.length).toBeLessThanOrEqual(256);
        }
      }),
      { numRuns: 300 },
    );
  });
});

/** A multipart/alternative message: a plain part, then an HTML part. */
function alternative(plain: string, html: string): Buffer {
  return Buffer.from(
    [
      'From: a@example.com',
      'Subject: s',
      'Content-Type: multipart/alternative; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      plain,
      '--b',
      'Content-Type: text/html',
      '',
      html,
      '--b--',
      '',
    ].join('\n'),
  );
}

describe('a later alternative keeps its new URLs only, in order', () => {
  it.each([
    ['all seen', 'http://a.example/ http://b.example/', '<a href="http://b.example/">x</a> <a href="http://a.example/">y</a>', ['http://a.example/', 'http://b.example/']],
    ['new between seen', 'http://a.example/', '<a href="http://a.example/">x</a><a href="http://n.example/">n</a><a href="http://a.example/">y</a>', ['http://a.example/', 'http://n.example/']],
    ['new ones first and last', 'http://a.example/', '<a href="http://m.example/">m</a> http://a.example/ <a href="http://n.example/">n</a>', ['http://a.example/', 'http://m.example/', 'http://n.example/']],
    ['none seen', 'no link', '<a href="http://m.example/">m</a><img src="http://i.example/i.png">', ['http://m.example/', 'http://i.example/i.png']],
    ['a new URL twice in the later part', 'http://a.example/', '<a href="http://n.example/">n</a> <a href="http://n.example/">again</a>', ['http://a.example/', 'http://n.example/', 'http://n.example/']],
  ])('%s', async (_, plain, html, expected) => {
    const found: string[] = [];
    for await (const record of scanMail(alternative(plain, html))) found.push(record.url);
    expect(found).toEqual(expected);
  });
});
