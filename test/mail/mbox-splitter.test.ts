/**
 * The mbox splitter: separators, mboxrd un-escaping, `From ` in a body,
 * messages over the size limit, and where each message starts in the file.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitMbox, type SplitEvent } from '../../src/adapters/mail/mbox-splitter.js';

async function split(text: string, mode: 'mbox' | 'single' = 'mbox', maxMessageSize = 1 << 20, chunkSize = Infinity): Promise<SplitEvent[]> {
  async function* source(): AsyncGenerator<Uint8Array> {
    const bytes = Buffer.from(text, 'latin1');
    for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, Math.min(bytes.length, at + chunkSize));
  }
  const events: SplitEvent[] = [];
  for await (const event of splitMbox(source(), { mode, maxMessageSize })) events.push(event);
  return events;
}

function messages(events: SplitEvent[]): Array<{ index: number; text: string; line: number; offset: number }> {
  return events.flatMap((event) =>
    event.type === 'message'
      ? [{ index: event.index, text: event.bytes.toString('latin1'), line: event.fileLine, offset: event.fileOffset }]
      : [],
  );
}

describe('splitMbox', () => {
  // rule: mbox-postmark
  it('splits on From lines that start the file or follow a blank line', async () => {
    const events = await split('From a@b Mon Jan  1 00:00:00 2024\nSubject: 1\n\nbody\n\nFrom c@d Tue Jan  2 00:00:00 2024\nSubject: 2\n\nx\n');
    expect(messages(events)).toEqual([
      { index: 0, text: 'Subject: 1\n\nbody\n\n', line: 2, offset: 34 },
      { index: 1, text: 'Subject: 2\n\nx\n', line: 7, offset: 86 },
    ]);
  });

  // rule: mboxrd-unescape
  it('un-escapes mboxrd >From lines and remembers where', async () => {
    const [event] = await split('From a@b Mon Jan  1 00:00:00 2024\nS: 1\n\n>From x\n>>From y\n>Fromage\n');
    expect(event?.type).toBe('message');
    if (event?.type !== 'message') return;
    expect(event.bytes.toString()).toBe('S: 1\n\nFrom x\n>From y\n>Fromage\n');
    expect(event.unescapedLines).toEqual([2, 3]);
    expect(event.unescapedOffsets).toEqual([6, 13]);
  });

  it.each([
    ['no date, followed by text', 'From here on we go\nmore text\n', true],
    ['followed by a header field', 'From someone\nSubject: x\n', false],
    ['postmark with a time', 'From x@y Wed Feb  5 10:11:12 2025\nbody\n', false],
  ])('a From line after a blank line: %s', async (_, tail, inBody) => {
    const events = await split(`From a@b Mon Jan  1 00:00:00 2024\nS: 1\n\nbody\n\n${tail}`);
    expect(messages(events).length).toBe(inBody ? 1 : 2);
    expect(events.some((event) => event.type === 'note' && event.code === 'from-line-in-body')).toBe(inBody);
  });

  it('does not split a single message', async () => {
    expect(messages(await split('Subject: x\n\nFrom me\n\nFrom a@b Mon Jan  1 00:00:00 2024\n', 'single'))).toHaveLength(1);
  });

  it('passes a message over the limit on in chunks', async () => {
    const big = `From a@b Mon Jan  1 00:00:00 2024\nS: big\n\n${'line of text\n'.repeat(20_000)}\nFrom c@d Mon Jan  1 00:00:00 2024\nS: small\n\nok\n`;
    const events = await split(big, 'mbox', 4096);
    const chunks = events.filter((event) => event.type === 'oversized');
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks[0]).toMatchObject({ first: true, last: false, index: 0, fileLine: 2 });
    expect(chunks.at(-1)).toMatchObject({ last: true });
    expect(chunks.reduce((size, event) => size + (event.type === 'oversized' ? event.bytes.length : 0), 0)).toBe(7 + 1 + 13 * 20_000 + 1);
    expect(messages(events)).toEqual([{ index: 1, text: 'S: small\n\nok\n', line: 20_006, offset: big.indexOf('S: small') }]);
  });

  it('keeps a line longer than a chunk whole', async () => {
    const long = 'x'.repeat(200_000);
    const [event] = await split(`From a@b Mon Jan  1 00:00:00 2024\nS: 1\n\n${long}\n`);
    expect(event?.type === 'message' && event.bytes.length).toBe(6 + 200_001);
  });
  it('gathers a message of more than a MiB into one buffer, bytes and un-escaped lines intact', async () => {
    const body = 'line of text\n'.repeat(100_000);
    const big = `S: big\n\n${body}>From here\n${body}\n`;
    const events = await split(`From a@b Mon Jan  1 00:00:00 2024\n${big}From c@d Mon Jan  1 00:00:00 2024\nS: small\n\nok\n`, 'mbox', 8 * 1024 * 1024);
    const [first, second] = events.filter((event) => event.type === 'message');
    expect(first?.bytes.toString('latin1')).toBe(big.replace('>From here', 'From here'));
    expect(first?.unescapedOffsets).toEqual([8 + body.length]);
    expect(second?.bytes.toString('latin1')).toBe('S: small\n\nok\n');
  });

  /** Everything an event tells, as plain data. */
  const told = (events: SplitEvent[]) => events.map((event) => (event.type === 'note' ? event : { ...event, bytes: event.bytes.toString('latin1') }));

  // Bytes that come a byte at a time (every line then read in pieces across chunks), seven at a time or at once tell the same.
  // rule: mbox-message-start
  it('tells the same of an mbox however its bytes come', async () => {
    const line = fc.constantFrom(
      'From a@b Mon Jan  1 00:00:00 2024',
      'From here on',
      'From - ',
      'Fromage',
      '>From x',
      '>>From y',
      '> quoted',
      '',
      '--b--',
      '--b',
      'Subject: x',
      'X-Header: y',
      ' folded',
      'text with F and > inside',
      '\r',
    );
    const mbox = fc.array(fc.tuple(line, fc.constantFrom('\n', '\r\n')), { maxLength: 40 }).map((lines) => lines.map(([text, end]) => text + end).join(''));
    await fc.assert(
      fc.asyncProperty(mbox, fc.constantFrom<'mbox' | 'single'>('mbox', 'single'), fc.constantFrom(64, 1 << 20), async (text, mode, limit) => {
        const whole = told(await split(text, mode, limit));
        expect(told(await split(text, mode, limit, 1))).toEqual(whole);
        expect(told(await split(text, mode, limit, 7))).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });
});
