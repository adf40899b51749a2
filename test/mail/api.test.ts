/**
 * The public API of the mail adapter: exports, option checks, input kinds,
 * detection for `--as auto`, and bad input that must not throw.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as mail from '../../src/adapters/mail/index.js';
import { isMailPath, looksLikeMail, scanMail, type MailNote, type MailScanOptions } from '../../src/adapters/mail/index.js';
import type { MailRecord } from '../../src/records/url-record.js';
import { corpusDirectory } from './corpus-helpers.js';
import { tempDir } from '../temp-folders.js';

async function run(
  input: string | Uint8Array,
  options: MailScanOptions = {},
): Promise<{ records: MailRecord[]; notes: MailNote[] }> {
  const notes: MailNote[] = [];
  const records: MailRecord[] = [];
  const bytes = typeof input === 'string' ? Buffer.from(input, 'latin1') : input;
  for await (const record of scanMail(bytes, { ...options, onNote: (note) => notes.push(note) })) records.push(record);
  return { records, notes };
}

describe('mail API', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(mail).sort()).toEqual(['isMailPath', 'isMaildir', 'looksLikeMail', 'mailExtensions', 'mailNoteCodes', 'scanMail']);
  });

  it.each([
    ['options not an object', 'x', /options to be an object/],
    ['unknown option', { color: true }, /Unknown option `color`/],
    ['maxMessageSize too small', { maxMessageSize: 10 }, /maxMessageSize/],
    ['maxMessageSize not an integer', { maxMessageSize: 2048.5 }, /maxMessageSize/],
    ['onNote not a function', { onNote: 'log' }, /onNote/],
    ['nested not a boolean', { nested: 'no' }, /Expected option `nested` to be a boolean, got string/],
    ['scanner option misused', { hyphen: 'maybe' }, /hyphen/],
  ])('throws TypeError at once: %s', (_, options, message) => {
    expect(() => scanMail(new Uint8Array(), options as MailScanOptions)).toThrow(TypeError);
    expect(() => scanMail(new Uint8Array(), options as MailScanOptions)).toThrow(message);
  });

  it.each([
    ['a number', 42],
    ['null', null],
    ['an empty path', ''],
    ['a plain object', {}],
  ])('throws TypeError at once on input that is %s', (_, input) => {
    expect(() => scanMail(input as never)).toThrow(TypeError);
  });

  it('rejects during iteration when a path cannot be read or is no maildir', async () => {
    const missing = scanMail(join(tmpdir(), 'urlsift-no-such-file.mbox'));
    await expect((async () => {
      for await (const _ of missing) void _;
    })()).rejects.toThrow(/ENOENT/);
    const notMaildir = scanMail(corpusDirectory);
    await expect((async () => {
      for await (const _ of notMaildir) void _;
    })()).rejects.toThrow(/Not a maildir/);
  });

  it.each([
    ['.eml path', 'x/message.eml', '', true],
    ['.mbox path', 'inbox.MBOX', '', true],
    ['.mbx path', 'inbox.mbx', '', true],
    ['mbox content', undefined, 'From alice@example.org Mon Jan  6 09:15:02 2025\nSubject: x\n', true],
    ['RFC 822 headers', undefined, 'Received: from x\n\tby y\nFrom: a@b\nSubject: s\n\nbody\n', true],
    ['one header only', undefined, 'Subject: hello\n\nbody\n', false],
    ['text that starts like a header', undefined, 'Note: this is prose.\nFrom: the start\n', false],
    ['plain text', 'notes.txt', 'From the start of time, http://x.y/ was.\n', false],
    ['Markdown', 'README.md', '# Title\n\nSee http://x.y/\n', false],
  ])('looksLikeMail: %s', (_, path, content, expected) => {
    expect(looksLikeMail(Buffer.from(content), path)).toBe(expected);
  });

  it('isMailPath knows maildir folders', () => {
    expect(isMailPath(corpusDirectory + 'maildir')).toBe(true);
    expect(isMailPath(corpusDirectory)).toBe(false);
    expect(isMailPath(corpusDirectory + 'archive.mbox')).toBe(true);
    expect(isMailPath('no/such/dir')).toBe(false);
  });

  it('scans a message over maxMessageSize as plain text, with a note', async () => {
    const body = 'filler line of text\n'.repeat(400);
    const input = `From a@b Mon Jan  1 00:00:00 2024\nMessage-ID: <big@x>\nSubject: big\n\n${body}see http://big.example.com/x\n\nFrom c@d Mon Jan  1 00:00:00 2024\nMessage-ID: <small@x>\n\nhttp://small.example.com/\n`;
    const { records, notes } = await run(input, { maxMessageSize: 1024 });
    expect(notes.map((note) => [note.code, note.messageIndex])).toEqual([['message-too-large', 0]]);
    expect(records.map((record) => [record.url, record.message, record.start.line, record.start.column])).toEqual([
      ['http://big.example.com/x', { index: 0, messageId: '<big@x>', subject: 'big' }, 405, 5],
      ['http://small.example.com/', { index: 1, messageId: '<small@x>' }, 410, 1],
    ]);
    expect(input.slice(records[0]!.start.offset, records[0]!.end.offset)).toBe('http://big.example.com/x');
  });

  it.each([
    ['empty input', ''],
    ['binary noise', '\u0000\u00ff\u0001PK\u0003\u0004'.repeat(50)],
    ['headers only, no body', 'Subject: x\nList-Help: <http://help.example.org/>'],
    ['no blank line after headers', 'Subject: x\nThe body http://body.example.org/ starts here\n'],
    ['multipart without boundary', 'Content-Type: multipart/mixed\n\nhttp://no-boundary.example.org/\n'],
    ['multipart whose boundary never appears', 'Content-Type: multipart/mixed; boundary=zz\n\nhttp://no-delimiter.example.org/\n'],
    ['boundary with no part after it', 'Content-Type: multipart/mixed; boundary=zz\n\n--zz'],
    ['a header line of 100 KiB', `Subject: ${'x'.repeat(100_000)}\n\nhttp://after-long-header.example.org/\n`],
    ['base64 that is all noise', 'Content-Transfer-Encoding: base64\n\n!!!!####\n'],
    ['unterminated quoted-printable escape', 'Content-Transfer-Encoding: quoted-printable\n\nhttp://qp.example.org/=4\n'],
    ['an unknown transfer encoding', 'Content-Transfer-Encoding: x-uuencode\n\nhttp://uu.example.org/\n'],
    ['CRLF mbox', 'From a@b Mon Jan  1 00:00:00 2024\r\nSubject: x\r\n\r\nhttp://crlf.example.org/\r\n'],
  ])('does not throw on %s', async (_, input) => {
    const { records } = await run(input);
    for (const record of records) expect(record.message?.index).toBe(0);
  });

  it('reads what it can from bad input', async () => {
    const found = async (input: string): Promise<string[]> => (await run(input)).records.map((record) => record.url);
    expect(await found('Content-Type: multipart/mixed\n\nhttp://no-boundary.example.org/\n')).toEqual(['http://no-boundary.example.org/']);
    expect(await found('Subject: x\nThe body http://body.example.org/ starts here\n')).toEqual(['http://body.example.org/']);
    expect(await found('Subject: x\nList-Help: <http://help.example.org/>')).toEqual(['http://help.example.org/']);
  });

  it('follows message/rfc822 parts sent as base64, pointing at the part', async () => {
    const inner = Buffer.from('Subject: inner\n\nhttp://inner.example.org/\n').toString('base64');
    const input = `Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\n${inner}\n--b--\n`;
    const { records, notes } = await run(input);
    expect(notes.map((note) => note.code)).toEqual(['encoded-message']);
    expect(records.map((record) => [record.url, record.mimePart, record.position, record.start.line])).toEqual([
      ['http://inner.example.org/', '1.1', 'part', 7],
    ]);
  });

  // rule: mime-walk
  it('stops at a nesting limit', async () => {
    let message = 'http://deep.example.org/\n';
    for (let depth = 0; depth < 40; depth++) {
      message = `Content-Type: multipart/mixed; boundary=b${depth}\n\n--b${depth}\n${message}\n--b${depth}--\n`;
    }
    const { notes } = await run(message);
    expect(notes.map((note) => note.code)).toContain('nesting-too-deep');
  });

  it('applies schemes and strict to HTML attributes too', async () => {
    const html = 'Content-Type: text/html\n\n<a href="ftp://files.example.org/">f</a> <a href="http://a.example.org/">a</a> <img src="cid:x@y">';
    expect((await run(html, { schemes: ['ftp'] })).records.map((record) => record.url)).toEqual(['ftp://files.example.org/']);
    expect((await run(html, { schemes: ['cid'] })).records.map((record) => record.url)).toEqual(['cid:x@y']);
  });

  it('sets file on maildir records and indexes messages across the folder', async () => {
    const folder = tempDir('urlsift-maildir-');
    for (const sub of ['cur', 'new', 'tmp']) mkdirp(join(folder, sub));
    writeFileSync(join(folder, 'new', 'b'), 'Subject: b\n\nhttp://b.example.org/\n');
    writeFileSync(join(folder, 'cur', 'a'), 'Subject: a\n\nhttp://a.example.org/\n');
    const records: MailRecord[] = [];
    for await (const record of scanMail(folder)) records.push(record);
    expect(records.map((record) => [record.url, record.message?.index, record.file])).toEqual([
      ['http://a.example.org/', 0, join(folder, 'cur', 'a')],
      ['http://b.example.org/', 1, join(folder, 'new', 'b')],
    ]);
  });
});

function mkdirp(path: string): void {
  mkdirSync(path, { recursive: true });
}
