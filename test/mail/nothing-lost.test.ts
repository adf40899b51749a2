/**
 * Mail: text a reader sees is never lost without a note naming it. Each case
 * is a small reproduction of a shape found in real archives: a footer after
 * the closing MIME delimiter or after a base64 body, HTML written in
 * quoted-printable but declared 7bit, a second message after one without a
 * postmark, a big attachment beside the text.
 */
import { describe, expect, it } from 'vitest';
import { scanMail, type MailNote } from '../../src/adapters/mail/index.js';
import type { MailRecord } from '../../src/records/url-record.js';

async function run(input: string | Uint8Array, options: { maxMessageSize?: number } = {}): Promise<{ records: MailRecord[]; notes: MailNote[] }> {
  const notes: MailNote[] = [];
  const records: MailRecord[] = [];
  const bytes = typeof input === 'string' ? Buffer.from(input, 'latin1') : input;
  for await (const record of scanMail(bytes, { ...options, onNote: (note) => notes.push(note) })) records.push(record);
  return { records, notes };
}

const codes = (notes: MailNote[]): string[] => notes.map((note) => note.code);

/** Line and column of `needle` in `text` (1-based), as a record's start should say. */
function placeOf(text: string, needle: string): { line: number; column: number; offset: number } {
  const offset = text.indexOf(needle);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n'), offset };
}

// rule: mime-preamble-epilogue
describe('text outside the parts of a multipart', () => {
  const head = 'From: a@example.org\nSubject: s\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b"\n\n';
  it.each([
    ['a list footer after the closing delimiter', `${head}--b\nContent-Type: text/plain\n\nbody http://body.example/\n--b--\n\n--\nunsubscribe: http://footer.example/u\n`, ['http://body.example/', 'http://footer.example/u']],
    ['a preamble before the first delimiter', `${head}See http://preamble.example/ if you cannot read this.\n--b\n\nbody http://body.example/\n--b--\n`, ['http://preamble.example/', 'http://body.example/']],
    [
      'the epilogue of a nested multipart',
      `${head}--b\nContent-Type: multipart/alternative; boundary="c"\n\n--c\n\nhttp://inner.example/\n--c--\ninner footer http://inner-footer.example/\n--b--\n`,
      ['http://inner.example/', 'http://inner-footer.example/'],
    ],
    ['a preamble and an epilogue of white space only', `${head}\n  \n--b\n\nhttp://body.example/\n--b--\n \n\n`, ['http://body.example/']],
  ])('%s', async (_, message, expected) => {
    const { records, notes } = await run(message);
    expect(records.map((record) => record.url)).toEqual(expected);
    expect(notes).toEqual([]);
  });

  it('a footer URL has its place in the file and the multipart\'s number (none at the top)', async () => {
    const message = `${head}--b\nContent-Type: multipart/mixed; boundary="c"\n\n--c\n\nx\n--c--\nhttp://inner.example/\n--b--\nsee http://footer.example/\n`;
    const { records } = await run(message);
    expect(records.map((record) => [record.url, record.mimePart, record.start.line, record.start.column, record.start.offset])).toEqual([
      ['http://inner.example/', '1', placeOf(message, 'http://inner').line, 1, placeOf(message, 'http://inner').offset],
      ['http://footer.example/', undefined, placeOf(message, 'http://footer').line, 5, placeOf(message, 'http://footer').offset],
    ]);
  });

  it('a multipart whose only delimiter closes it is read as text once', async () => {
    const { records, notes } = await run(`${head}before http://a.example/\n--b--\nafter http://b.example/\n`);
    expect(records.map((record) => record.url)).toEqual(['http://a.example/', 'http://b.example/']);
    expect(codes(notes)).toEqual(['missing-boundary']);
  });
});

// rule: text-after-base64
describe('text after a base64 body', () => {
  const b64 = (text: string, encoding: BufferEncoding = 'utf8') => Buffer.from(text, encoding).toString('base64').replace(/.{76}/g, '$&\n');
  const message = (body: string, charset = 'utf-8') =>
    `From: a@example.org\nSubject: s\nMIME-Version: 1.0\nContent-Type: text/plain; charset=${charset}\nContent-Transfer-Encoding: base64\n\n${body}`;
  const footer = '_______________________________________________\nList mailing list\nhttp://list.example/listinfo/list\n';

  it('a list footer appended to the body: read as text, with its place in the file and a note', async () => {
    const text = message(`${b64('Read http://inside.example/page today.\n'.repeat(3))}\n${footer}`);
    const { records, notes } = await run(text);
    expect(records.map((record) => [record.url, record.position, record.start.line, record.start.column])).toEqual([
      ['http://inside.example/page', 'part', 7, 1],
      ['http://inside.example/page', 'part', 7, 1],
      ['http://inside.example/page', 'part', 7, 1],
      ['http://list.example/listinfo/list', undefined, placeOf(text, 'http://list').line, 1],
    ]);
    expect(records[3]!.raw).toBe('http://list.example/listinfo/list');
    expect(codes(notes)).toEqual(['text-after-base64']);
  });

  it.each([
    ['decoded text without a final line break, then a footer line starting with URL characters', b64('see http://inside.example/x'), 'more_http://footer.example/\n', ['http://inside.example/x', 'http://footer.example/']],
    ['a footer with a line of one word', b64('http://inside.example/\n'), '-- \nThanks\nhttp://footer.example/\n', ['http://inside.example/', 'http://footer.example/']],
    ['padded base64, then the footer', b64('http://inside.example/ab\n'), 'unsubscribe: http://footer.example/u\n', ['http://inside.example/ab', 'http://footer.example/u']],
  ])('%s', async (_, body, tail, expected) => {
    const { records, notes } = await run(message(`${body}\n${tail}`));
    expect(records.map((record) => record.url)).toEqual(expected);
    expect(codes(notes)).toEqual(['text-after-base64']);
  });

  it('a UTF-16 body: the footer after it is read as ASCII text', async () => {
    const { records } = await run(message(`${b64('see http://inside.example/\n', 'utf16le')}\n${footer}`, 'utf-16le'));
    expect(records.map((record) => record.url)).toEqual(['http://inside.example/', 'http://list.example/listinfo/list']);
  });

  it.each([
    ['a stray character among the base64 lines', `${b64('http://a.example/\n'.repeat(8))}*\n${b64('http://b.example/\n')}\n`, ['broken-base64']],
    ['blank lines after the body', `${b64('http://a.example/\n')}\n\n\n`, []],
    ['no base64 line at all', '%%%% $$$$\n', ['broken-base64']],
  ])('no text after the base64: %s', async (_, body, expected) => {
    const { notes } = await run(message(body));
    expect(codes(notes)).toEqual(expected);
  });
});

describe('a second message after one that starts with its headers', () => {
  const first = 'Return-Path: <a@example.org>\nFrom: a@example.org\nSubject: one\nMIME-Version: 1.0\n';
  const postmark = 'From MAILER-DAEMON Mon Jan  1 00:00:00 2024\n';
  it.each([
    [
      'after a closed multipart and a blank line',
      `${first}Content-Type: multipart/mixed; boundary="b"\n\n--b\n\nhttp://one.example/\n--b--\n\n${postmark}From: MAILER-DAEMON@example.org\nSubject: two\n\nhttp://two.example/\n`,
    ],
    ['after a plain body and a blank line', `${first}\nhttp://one.example/\n\n${postmark}From: MAILER-DAEMON@example.org\nSubject: two\n\nhttp://two.example/\n`],
    ['right after a closing delimiter', `${first}Content-Type: multipart/mixed; boundary="b"\n\n--b\n\nhttp://one.example/\n--b--\n${postmark}Subject: two\n\nhttp://two.example/\n`],
  ])('%s: a message of its own', async (_, file) => {
    const { records, notes } = await run(file);
    expect(records.map((record) => [record.message?.index, record.url, record.start.line])).toEqual([
      [0, 'http://one.example/', placeOf(file, 'http://one').line],
      [1, 'http://two.example/', placeOf(file, 'http://two').line],
    ]);
    expect(notes).toEqual([]);
  });

  it('messages after it are read as an mbox: `>From ` un-escaped', async () => {
    const file = `${first}\nhttp://one.example/\n\n${postmark}Subject: two\n\n>From here http://two.example/\n`;
    const { records } = await run(file);
    expect(records.map((record) => [record.message?.index, record.url, record.start.column])).toEqual([
      [0, 'http://one.example/', 1],
      [1, 'http://two.example/', 12],
    ]);
  });

  it.each([
    ['a postmark line with no header field after it', `${first}\nhttp://one.example/\n\n${postmark}and then text http://still-one.example/\n`, ['from-line-in-body']],
    ['a `From ` line that is no postmark', `${first}\nhttp://one.example/\n\nFrom here on http://still-one.example/\nSubject: x\n`, []],
    ['a postmark line not after the end of a message', `${first}\nhttp://one.example/\n${postmark}Subject: x\nhttp://still-one.example/\n`, []],
  ])('%s stays in the message', async (_, file, expected) => {
    const { records, notes } = await run(file);
    expect(records.map((record) => record.message?.index)).toEqual([0, 0]);
    expect(codes(notes)).toEqual(expected);
  });
});

// rule: undeclared-quoted-printable
describe('a part declared 7bit or 8bit but written in quoted-printable', () => {
  const message = (type: string, encoding: string, body: string) =>
    `From: a@example.org\nSubject: s\nMIME-Version: 1.0\nContent-Type: ${type}\n${encoding === '' ? '' : `Content-Transfer-Encoding: ${encoding}\n`}\n${body}`;
  it.each([
    ['HTML declared 7bit', message('text/html', '7bit', '<p><a href=3D"http://spam.example/offer/lo=\nng">Click</a> =\nnow</p>\n'), ['http://spam.example/offer/long']],
    ['HTML declared 8bit, escapes only', message('text/html; charset=utf-8', '8bit', '<a href=3D"http://a.example/caf=C3=A9">x</a>\n'), ['http://a.example/café']],
    ['plain text with no encoding declared', message('text/plain', '', 'see http://a.example/very/lo=\nng/path =C3=A9t=C3=A9\n'), ['http://a.example/very/long/path']],
  ])('%s: decoded as quoted-printable, with a note', async (_, text, expected) => {
    const { records, notes } = await run(text);
    expect(records.map((record) => record.url)).toEqual(expected);
    expect(codes(notes)).toEqual(['undeclared-quoted-printable']);
  });

  it('positions point at the quoted-printable source', async () => {
    const text = message('text/html', '7bit', '<p>\n<a href=3D"http://spam.example/a">x</a>\n');
    const { records } = await run(text);
    expect(records.map((record) => [record.raw, record.start.line, record.start.column, record.position])).toEqual([
      ['http://spam.example/a', placeOf(text, 'http://spam').line, placeOf(text, 'http://spam').column, undefined],
    ]);
  });

  it.each([
    ['HTML with an attribute written plainly', message('text/html', '7bit', '<a href="http://a.example/?q=3D">x</a> =\nmore\n'), ['http://a.example/?q=3D']],
    ['an equals sign in prose', message('text/plain', '7bit', 'x = 3D, see http://a.example/?a=3D\n'), ['http://a.example/?a=3D']],
    ['lowercase escapes only', message('text/plain', '7bit', 'see http://a.example/?a=3d&b=ff\n'), ['http://a.example/?a=3d&b=ff']],
    ['a soft break but no escape', message('text/plain', '7bit', 'a line that ends in =\nhttp://a.example/\n'), ['http://a.example/']],
  ])('%s: read as declared', async (_, text, expected) => {
    const { records, notes } = await run(text);
    expect(records.map((record) => record.url)).toEqual(expected);
    expect(notes).toEqual([]);
  });

  it('a PGP-signed body declared 8bit (base64 lines padded with `=`, a checksum line `=4Clx`) is no quoted-printable', async () => {
    const body = '-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA1\n\nsee http://a.example/x\n-----BEGIN PGP SIGNATURE-----\n\niD8DBQE9dKXVxJXjDmLFhNrN97cd73M=\n=4Clx\n-----END PGP SIGNATURE-----\n';
    const { records, notes } = await run(`From: a@example.org\nSubject: s\nContent-Transfer-Encoding: 8bit\n\n${body}`);
    expect(records.map((record) => record.url)).toEqual(['http://a.example/x']);
    expect(notes).toEqual([]);
  });
});

describe('charsets', () => {
  /** UTF-7 (RFC 2152) with every character in base64. */
  const utf7 = (text: string) => `+${Buffer.from(text, 'utf16le').swap16().toString('base64').replace(/=+$/, '')}-`;
  it('a part in UTF-7 is decoded: RFC 2152 made it for mail, and mail readers read it', async () => {
    const { records, notes } = await run(`From: a@example.org\nSubject: s\nContent-Type: text/plain; charset=utf-7\n\nsee ${utf7('http://seven.example/')}\n`);
    expect(records.map((record) => record.url)).toEqual(['http://seven.example/']);
    expect(notes).toEqual([]);
  });
});

describe('notes', () => {
  it('a charset label a megabyte long is quoted in part', async () => {
    const { notes } = await run(`From: a@example.org\nSubject: s\nContent-Type: text/plain; charset="${'x'.repeat(1_000_000)}"\n\nhttp://a.example/\n`);
    expect(codes(notes)).toEqual(['unknown-charset']);
    expect(notes[0]!.message.length).toBeLessThan(200);
    expect(notes[0]!.message).toContain('(1000000 characters)');
  });

  it('an HTML part with a URL attribute over 1 MiB: the tag\'s other attributes read, the long one noted', async () => {
    const html = `<img srcset="${'x'.repeat((1 << 20) + 1)}" src="http://kept.example/i.png">`;
    const { records, notes } = await run(`From: a@example.org\nSubject: s\nContent-Type: text/html\n\n${html}\n`);
    expect(records.map((record) => record.url)).toEqual(['http://kept.example/i.png']);
    expect(notes.map((note) => [note.code, note.mimePart])).toEqual([['attribute-too-long', '1']]);
  });
});

describe('a message over maxMessageSize', () => {
  const b64 = (bytes: Buffer) => `${bytes.toString('base64').replace(/.{76}/g, '$&\n')}\n`;
  /** Bytes that are no text, as an attachment holds them. */
  const binary = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 7919) % 251));
  const big = 1 << 30;
  const limit = 16 * 1024;
  const head = 'From: a@example.org\nSubject: big\nMessage-ID: <big@example.org>\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b1"\n\npreamble http://preamble.example/\n';
  const textPart = `--b1\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n${b64(Buffer.from('Read http://b64-text.example/page for more.\n'))}`;
  const htmlPart = '--b1\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n<p><a href=3D"http://qp-html.example/encod=\ned/page">link</a></p>\n';
  const attachment = (name: string, size = 200_000) => `--b1\nContent-Type: application/octet-stream; name="${name}"\nContent-Transfer-Encoding: base64\n\n${b64(binary(size))}`;
  const cases: Array<[string, string]> = [
    ['text first, then a big attachment', `${head}${textPart}${htmlPart}${attachment('a.bin')}--b1--\nfooter http://footer.example/\n`],
    ['a big attachment first, then the text', `${head}${attachment('a.bin')}${textPart}${attachment('b.bin')}${htmlPart}--b1--\n`],
    [
      'an attachment inside a forwarded message inside a multipart',
      `${head}${textPart}--b1\nContent-Type: message/rfc822\n\nFrom: c@example.org\nSubject: inner\nContent-Type: multipart/mixed; boundary="b2"\n\n--b2\n\nhttp://inner.example/\n--b2\nContent-Type: image/png\nContent-Transfer-Encoding: base64\n\n${b64(binary(150_000))}--b2\n\nhttp://inner-after.example/\n--b2--\n--b1--\n`,
    ],
    [
      'an mbox: the big message between two others, `>From ` lines in it',
      `From a@example.org Mon Jan  1 00:00:00 2024\nSubject: one\n\nhttp://one.example/\n\nFrom b@example.org Mon Jan  1 00:00:00 2024\n${head}--b1\n\n>From here http://unescaped.example/\n${attachment('a.bin')}--b1\n\n>From there http://unescaped-after.example/\n--b1--\n\nFrom c@example.org Mon Jan  1 00:00:00 2024\nSubject: three\n\nhttp://three.example/\n`,
    ],
  ];

  it.each(cases)('%s: the records of the message read whole, no note', async (_, message) => {
    const whole = await run(message, { maxMessageSize: big });
    const limited = await run(message, { maxMessageSize: limit });
    expect(limited.records).toEqual(whole.records);
    expect(limited.notes).toEqual(whole.notes);
    expect(whole.records.length).toBeGreaterThanOrEqual(3);
  });

  it('fed a few bytes at a time, the same', async () => {
    const message = cases[1]![1];
    const whole = await run(message, { maxMessageSize: big });
    const bytes = Buffer.from(message, 'latin1');
    const records: MailRecord[] = [];
    const chunks = (async function* () {
      for (let at = 0; at < bytes.length; at += 997) yield bytes.subarray(at, at + 997);
    })();
    for await (const record of scanMail(chunks, { maxMessageSize: limit })) records.push(record);
    expect(records).toEqual(whole.records);
  });

  it('text over the limit: read as plain text from its start, attachments left out, lines right after them', async () => {
    const filler = 'no link on this line\n'.repeat(2000);
    const message = `${head}--b1\n\nhttp://first.example/\n${filler}--b1\nContent-Type: application/octet-stream\n\nhttp://in-attachment.example/\n${'attachment bytes\n'.repeat(3000)}--b1\n\n${filler}http://last.example/\n--b1--\n`;
    const { records, notes } = await run(message, { maxMessageSize: limit });
    expect(codes(notes)).toEqual(['message-too-large']);
    expect(records.map((record) => [record.url, record.start.line, record.start.offset])).toEqual([
      ['http://preamble.example/', placeOf(message, 'http://preamble').line, placeOf(message, 'http://preamble').offset],
      ['http://first.example/', placeOf(message, 'http://first').line, placeOf(message, 'http://first').offset],
      ['http://last.example/', placeOf(message, 'http://last').line, placeOf(message, 'http://last').offset],
    ]);
  });
});
