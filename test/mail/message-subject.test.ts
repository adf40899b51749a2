/**
 * Mail records name their message by its subject: decoded, unfolded, cut
 * when long, absent when the message has none (a message read as plain text
 * because it is too large keeps it too).
 */
import { describe, expect, it } from 'vitest';
import { scanMail } from '../../src/index.js';
import libmime from 'libmime';
import { maxSubjectLength, mayHoldEncodedWord } from '../../src/adapters/mail/message-subject.js';
import type { MailRecord } from '../../src/index.js';

async function messagesOf(mail: Uint8Array | string, options: { maxMessageSize?: number } = {}): Promise<MailRecord['message'][]> {
  const found: MailRecord['message'][] = [];
  const bytes = typeof mail === 'string' ? new TextEncoder().encode(mail) : mail;
  for await (const record of scanMail(bytes, options)) found.push(record.message);
  return found;
}

const message = (subjectLines: string) => `From: a@example.com\nMessage-ID: <m@example.com>\n${subjectLines}\n\nsee http://example.com/\n`;

describe('the subject of mail records', () => {
  it.each([
    ['plain', 'Subject: Weekly links', 'Weekly links'],
    ['an encoded word (RFC 2047, Q)', 'Subject: =?iso-8859-1?Q?Caf=E9_cr=E8me?=', 'Café crème'],
    ['an encoded word (RFC 2047, B, UTF-8)', 'Subject: =?utf-8?B?0J/RgNC40LLQtdGC?=', 'Привет'],
    ['folded over lines', 'Subject: one\n two\n\tthree', 'one two three'],
    ['runs of white space', 'Subject:   a    b  ', 'a b'],
    ['a control character stays (the outputs escape it)', 'Subject: a\u001bb', 'a\u001bb'],
  ])('%s', async (_, subjectLines, subject) => {
    expect(await messagesOf(message(subjectLines))).toEqual([{ index: 0, messageId: '<m@example.com>', subject }]);
  });

  it('is absent when the message has no subject, or an empty one', async () => {
    expect(await messagesOf(message('X-Note: none'))).toEqual([{ index: 0, messageId: '<m@example.com>' }]);
    expect(await messagesOf(message('Subject:   '))).toEqual([{ index: 0, messageId: '<m@example.com>' }]);
  });

  it('reads raw eight-bit bytes as UTF-8, or as Latin-1 when they are not UTF-8', async () => {
    expect(await messagesOf(message('Subject: Grüße'))).toEqual([{ index: 0, messageId: '<m@example.com>', subject: 'Grüße' }]);
    const latin1 = Buffer.from(message('Subject: Gr\u00fc\u00dfe'), 'latin1');
    expect(await messagesOf(latin1)).toEqual([{ index: 0, messageId: '<m@example.com>', subject: 'Grüße' }]);
  });

  it(`is cut at ${maxSubjectLength} characters, never inside a surrogate pair`, async () => {
    const [long] = await messagesOf(message(`Subject: ${'x'.repeat(500)}`));
    expect(long?.subject).toBe(`${'x'.repeat(maxSubjectLength - 1)}…`);
    const [emoji] = await messagesOf(message(`Subject: ${'x'.repeat(maxSubjectLength - 2)}😀😀😀`));
    expect(emoji?.subject).toBe(`${'x'.repeat(maxSubjectLength - 2)}…`);
  });

  it('is kept for a message too large to read as MIME (read as plain text)', async () => {
    const big = `From a@b Mon Jan  1 00:00:00 2024\nSubject: =?utf-8?Q?gro=C3=9F?=\n\n${'filler line\n'.repeat(300)}http://big.example.com/\n`;
    expect(await messagesOf(big, { maxMessageSize: 1024 })).toEqual([{ index: 0, subject: 'groß' }]);
  });

  // a subject libmime is not asked about is one its decodeWords gives back unchanged; one it changes is always asked about
  it.each([
    ['plain text', 'Weekly links', false, false],
    ['an equals sign and a question mark apart', 'a = b? c', false, false],
    ['a question mark then an equals sign', 'why?= not', false, false],
    ['an encoded word', '=?utf-8?Q?gro=C3=9F?=', true, true],
    ['an encoded word start alone', 'see =?', true, false],
    ['two encoded words joined', '=?utf-8?B?0J/RgA==?= =?utf-8?B?0LjQsg==?=', true, true],
    ['libmime’s own joining mark, which it removes', 'a__\u0000JOIN\u0000__b', true, true],
  ])('%s: libmime asked %s, changes it %s', (_, text, asked, changes) => {
    expect(mayHoldEncodedWord(text)).toBe(asked);
    expect(libmime.decodeWords(text) !== text).toBe(changes);
  });
});
