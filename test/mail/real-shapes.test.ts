/**
 * Mail as it really comes: what a file is, where a message starts, which
 * folders hold mail, which parts are text. Each case is a minimal
 * reproduction of a shape found in public mail corpora.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { looksLikeMail, scanMail, type MailNote } from '../../src/adapters/mail/index.js';
import { nestedMaildirs } from '../../src/adapters/mail/maildir.js';
import type { MailRecord } from '../../src/records/url-record.js';
import { tempDir } from '../temp-folders.js';

async function run(input: string | Uint8Array): Promise<{ records: MailRecord[]; notes: MailNote[] }> {
  const notes: MailNote[] = [];
  const records: MailRecord[] = [];
  const bytes = typeof input === 'string' ? Buffer.from(input, 'latin1') : input;
  for await (const record of scanMail(bytes, { onNote: (note) => notes.push(note) })) records.push(record);
  return { records, notes };
}

const urls = (records: MailRecord[]): string[] => records.map((record) => record.url);
const codes = (notes: MailNote[]): string[] => notes.map((note) => note.code);
const bom = '\xef\xbb\xbf';

// rule: mail-detection
describe('is this mail?', () => {
  it.each([
    ['a Mozilla postmark without a date', 'From - \nX-Mozilla-Status: 0001\nSubject: s\n\nbody\n', true],
    ['a Mozilla postmark with a date', 'From - Sat Jan 03 21:28:20 2009\nSubject: s\n\nbody\n', true],
    ['`From ` then prose', 'From here on we go\nmore text\n', false],
    ['Received, MIME-Version and Content-Type only', 'Received: from a by b; Mon, 1 Jan 2024 00:00:00 +0000\nMIME-Version: 1.0\nContent-Type: text/html\n\n<p>x</p>\n', true],
    ['From and Content-Type only', 'From: a@example.org\nContent-Type: text/plain; charset=utf-8\n\nhi\n', true],
    ['Received alone, folded', 'Received: from a\n\tby b\n\nhi\n', true],
    ['a UTF-8 byte order mark first', `${bom}From: a@example.org\nSubject: s\n\nhi\n`, true],
    ['CR line ends', 'From: a@example.org\rSubject: s\r\rhi\r', true],
    ['a note to self', 'Note: call back\nTodo: the rest\n\nhttp://a.example/\n', false],
    ['two weak fields, then prose', 'Subject: notes\nDate: today\nand then the text goes on\n', false],
    ['a field, then prose', 'Subject: x\nthis is text\n', false],
  ])('%s', (_, text, mail) => {
    expect(looksLikeMail(Buffer.from(text, 'latin1'))).toBe(mail);
  });
});

// rule: mbox-message-start
describe('where a message starts', () => {
  it('an mbox whose first line is `From - ` is split and decoded (quoted-printable soft breaks joined)', async () => {
    const mbox =
      'From - \nX-Mozilla-Status: 0001\nSubject: a\nContent-Transfer-Encoding: quoted-printable\n\nsee http://a.example.org/long/=\npath/encod=\ned\n\n' +
      'From - \nSubject: b\n\nhttp://b.example.org/\n';
    const { records } = await run(mbox);
    expect(records.map((record) => [record.message?.index, record.url])).toEqual([
      [0, 'http://a.example.org/long/path/encoded'],
      [1, 'http://b.example.org/'],
    ]);
  });

  it('a postmark right after a closing MIME delimiter starts a message', async () => {
    const mbox =
      'From a@example.org Mon Jan  1 00:00:00 2024\nContent-Type: multipart/mixed; boundary=b\n\n--b\n\nhttp://one.example.org/\n--b--\n' +
      'From c@example.org Mon Jan  1 00:00:01 2024\nSubject: two\n\nhttp://two.example.org/\n';
    const { records, notes } = await run(mbox);
    expect(records.map((record) => [record.message?.index, record.url])).toEqual([
      [0, 'http://one.example.org/'],
      [1, 'http://two.example.org/'],
    ]);
    expect(notes).toEqual([]);
  });

  it.each([
    ['after a text line, not a postmark', 'text\nFrom here on\nmore\n'],
    ['after a text line, a postmark, no header next', 'text\nFrom x@example.org Mon Jan  1 00:00:00 2024\nmore\n'],
    ['after a blank line, followed by text', '\nFrom here on we go\nmore\n'],
  ])('a `From ` line that starts no message is noted: %s', async (_, body) => {
    const { records, notes } = await run(`From a@example.org Mon Jan  1 00:00:00 2024\nSubject: s\n\nhttp://a.example.org/\n${body}`);
    expect(new Set(records.map((record) => record.message?.index))).toEqual(new Set([0]));
    expect(codes(notes)).toEqual(['from-line-in-body']);
  });

  it.each([
    ['a postmark', 'From b@example.org Mon Jan  1 00:00:00 2024'],
    ['Mozilla\'s `From - `', 'From - '],
  ])('%s followed by a header field right after a text line starts a message', async (_, line) => {
    const { records, notes } = await run(`From - \nSubject: s\n\ntext\n${line}\nSubject: t\n\nhttp://b.example.org/\n`);
    expect(records.map((record) => [record.message?.index, record.url])).toEqual([[1, 'http://b.example.org/']]);
    expect(notes).toEqual([]);
  });
});

describe('a byte order mark before the headers', () => {
  const message = `${bom}Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain\n\nhttp://one.example.org/\n--b\nContent-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\nhttp://two.example.org/a=3Db\n--b--\n`;

  it('is skipped: the MIME structure is read, positions still count it', async () => {
    const bytes = Buffer.from(message, 'latin1');
    const { records, notes } = await run(bytes);
    expect(records.map((record) => [record.mimePart, record.url])).toEqual([
      ['1', 'http://one.example.org/'],
      ['2', 'http://two.example.org/a=b'],
    ]);
    for (const record of records) expect(bytes.toString('latin1', record.start.offset, record.end.offset)).toBe(record.raw);
    expect(notes).toEqual([]);
  });

  it('an mbox after a byte order mark is split', async () => {
    const { records } = await run(`${bom}From a@example.org Mon Jan  1 00:00:00 2024\nSubject: a\n\nhttp://a.example.org/\n\nFrom b@example.org Mon Jan  1 00:00:00 2024\nSubject: b\n\nhttp://b.example.org/\n`);
    expect(records.map((record) => [record.message?.index, record.url, record.start.line])).toEqual([
      [0, 'http://a.example.org/', 4],
      [1, 'http://b.example.org/', 9],
    ]);
  });
});

// rule: mail-line-endings
describe('line endings', () => {
  it('a lone CR ends a line (classic Mac OS mail)', async () => {
    const text = 'From: a@example.org\rContent-Type: text/plain\rContent-Transfer-Encoding: quoted-printable\r\rfirst line\rsee http://a.example.org/so=\rft\r';
    const bytes = Buffer.from(text, 'latin1');
    const { records } = await run(bytes);
    expect(records.map((record) => [record.url, record.start.line, record.start.column])).toEqual([['http://a.example.org/soft', 6, 5]]);
    expect(bytes.toString('latin1', records[0]!.start.offset, records[0]!.end.offset)).toBe('http://a.example.org/so=\rft');
  });

  it('CR split from its LF across chunks stays one CRLF', async () => {
    const text = 'Subject: s\r\n\r\nhttp://a.example.org/\r\nhttp://b.example.org/\r\n';
    async function* chunks(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < text.length; i++) yield Buffer.from(text[i]!, 'latin1');
    }
    const records: MailRecord[] = [];
    for await (const record of scanMail(chunks())) records.push(record);
    expect(records.map((record) => [record.url, record.start.line])).toEqual([
      ['http://a.example.org/', 3],
      ['http://b.example.org/', 4],
    ]);
  });
});

describe('headers', () => {
  // rule: mail-header-urls
  it('the list fields and Archived-At are scanned, form header; Message-ID and References never; addresses only with emails', async () => {
    const input = [
      'From: Jim <jim@example.org>',
      'Message-ID: <id@lists.example.org>',
      'References: <http://ref.example/x@y>',
      'List-Unsubscribe: <mailto:leave@lists.example.org>, <https://lists.example.org/leave>',
      'List-Archive: <https://lists.example.org/archive/>',
      'Archived-At: <https://lists.example.org/archive/42>',
      '',
      'body http://body.example/',
      '',
    ].join('\n');
    const { records } = await run(input);
    expect(records.map((record) => [record.url, record.form, record.header])).toEqual([
      ['mailto:leave@lists.example.org', 'header', 'List-Unsubscribe'],
      ['https://lists.example.org/leave', 'header', 'List-Unsubscribe'],
      ['https://lists.example.org/archive/', 'header', 'List-Archive'],
      ['https://lists.example.org/archive/42', 'header', 'Archived-At'],
      ['http://body.example/', 'bare', undefined],
    ]);
    const withEmails: MailRecord[] = [];
    for await (const record of scanMail(Buffer.from(input), { emails: true })) withEmails.push(record);
    expect(withEmails.filter((record) => record.header === 'From').map((record) => record.url)).toEqual(['mailto:jim@example.org']);
  });

  it.each([
    ['valid UTF-8 (RFC 6532) is no problem', 'Subject: caf\xc3\xa9 \xe2\x82\xac\n', []],
    ['Latin-1 bytes are', 'Subject: caf\xe9\n', ['header-8bit']],
  ])('%s', async (_, header, expected) => {
    const { records, notes } = await run(`From: a@example.org\n${header}\nhttp://a.example.org/\n`);
    expect(urls(records)).toEqual(['http://a.example.org/']);
    expect(codes(notes)).toEqual(expected);
  });
});

// rule: mime-text-parts
describe('which parts are text', () => {
  const part = (type: string, body: string) => `--b\nContent-Type: ${type}\n\n${body}\n`;
  it.each([
    ['message/delivery-status', 'Reporting-MTA: dns; mx.example.org\n\nFinal-Recipient: rfc822; x@example.org\nDiagnostic-Code: smtp; 550 see https://bounce.example.org/suppressed', ['https://bounce.example.org/suppressed']],
    ['message/feedback-report', 'Feedback-Type: abuse\nSource-IP: 192.0.2.1\nOriginal-Mail-From: <a@example.org>\nReported-Uri: http://spam.example.org/', ['http://spam.example.org/']],
    ['message/disposition-notification', 'Reporting-UA: mail.example.org\nDisposition: manual-action/MDN-sent-manually; displayed\nX-Note: http://read.example.org/', ['http://read.example.org/']],
    ['text/calendar', 'BEGIN:VCALENDAR\nBEGIN:VEVENT\nURL:https://meet.example.org/r/1\nEND:VEVENT\nEND:VCALENDAR', ['https://meet.example.org/r/1']],
    ['text/x-vcard', 'BEGIN:VCARD\nURL:http://card.example.org/\nEND:VCARD', ['http://card.example.org/']],
    ['application/vcard', 'BEGIN:VCARD\nURL:http://card.example.org/\nEND:VCARD', ['http://card.example.org/']],
    ['application/x-vcard', 'BEGIN:VCARD\nURL:http://card.example.org/\nEND:VCARD', ['http://card.example.org/']],
    // XHTML is read as HTML: the attribute, not the namespace
    ['application/xhtml+xml', '<html xmlns="http://www.w3.org/1999/xhtml"><a href="http://page.example.org/">p</a></html>', ['http://page.example.org/']],
    ['application/xml', '<feed xmlns="http://www.w3.org/2005/Atom"/>', []],
    ['application/octet-stream', 'http://binary.example.org/', []],
    ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>', []],
  ])('%s', async (type, body, expected) => {
    const { records } = await run(`Content-Type: multipart/report; boundary=b\n\n${part(type, body)}--b--\n`);
    expect(urls(records)).toEqual(expected);
  });

  it('message/global is walked like message/rfc822', async () => {
    const { records } = await run(
      'Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: message/global\n\nSubject: inner\nList-Archive: <http://list.example.org/>\n\nhttp://inner.example.org/\n--b--\n',
    );
    expect(records.map((record) => [record.mimePart, record.url])).toEqual([
      ['1', 'http://list.example.org/'],
      ['1.1', 'http://inner.example.org/'],
    ]);
  });
});

// rule: mail-charset
describe('charset labels', () => {
  it.each(['hex', 'base64', 'binary', 'ucs2'])('charset=%s is unknown, read as Latin-1, with a note', async (label) => {
    const { records, notes } = await run(`Content-Type: text/plain; charset=${label}\n\nlog in at http://phish.example.com/login\n`);
    expect(urls(records)).toEqual(['http://phish.example.com/login']);
    expect(codes(notes)).toEqual(['unknown-charset']);
  });
});

// rule: maildir-reading
describe('maildir trees', () => {
  function tree(files: Record<string, string>): string {
    const root = tempDir('urlsift-maildirs-');
    for (const [name, text] of Object.entries(files)) {
      const path = join(root, name);
      mkdirSync(join(path, '..'), { recursive: true });
      if (name.endsWith('/')) mkdirSync(path, { recursive: true });
      else writeFileSync(path, text);
    }
    return root;
  }
  const message = (name: string) => `From: a@example.org\nSubject: ${name}\n\nhttp://${name}.example.org/\n`;

  it('reads nested maildirs (Maildir++ .folders, sub/cur) and loose messages, and lists what it leaves out', async () => {
    const root = tree({
      'cur/1': message('cur'),
      'new/2': message('new'),
      'tmp/3': message('tmp'),
      'loose': message('loose'),
      'notes.txt': 'Subject: not a message\n',
      'dovecot-uidlist': '3 V1 N2\n',
      '.Sent/cur/4': message('sent'),
      '.Sent/new/': '',
      'sub/cur/': '',
      'sub/new/5': message('sub'),
      'sub/deeper/cur/6': message('deeper'),
      'sub/deeper/new/': '',
    });
    const notes: MailNote[] = [];
    const records: MailRecord[] = [];
    for await (const record of scanMail(root, { onNote: (note) => notes.push(note) })) records.push(record);
    expect(records.map((record) => [record.message?.index, record.url, record.file?.slice(root.length + 1)])).toEqual([
      [0, 'http://cur.example.org/', 'cur/1'],
      [1, 'http://new.example.org/', 'new/2'],
      [2, 'http://loose.example.org/', 'loose'],
      [3, 'http://sent.example.org/', '.Sent/cur/4'],
      [4, 'http://sub.example.org/', 'sub/new/5'],
      [5, 'http://deeper.example.org/', 'sub/deeper/cur/6'],
    ]);
    expect(notes.map((note) => [note.code, note.file?.slice(root.length + 1)])).toEqual([
      ['maildir-left-out', 'dovecot-uidlist'],
      ['maildir-left-out', 'notes.txt'],
      ['maildir-left-out', 'tmp/3'],
    ]);
  });

  it('nested: false reads a maildir without the maildirs inside it; nestedMaildirs names those, in path order', async () => {
    const root = tree({
      'cur/1': message('cur'),
      'new/': '',
      'plain/loose': message('loose'),
      'plain/box/cur/2': message('plain-box'),
      'plain/box/new/': '',
      '.Sent/cur/3': message('sent'),
      '.Sent/new/': '',
      '.Sent/tmp/4': message('pending'),
      'sub/new/5': message('sub'),
      'sub/cur/': '',
      'sub/deeper/cur/6': message('deeper'),
      'sub/deeper/new/': '',
      // folders inside `cur/` and `tmp/` are no maildirs of their own: listed as left out
      'cur/x/cur/': '',
      'cur/x/new/': '',
      'tmp/y/cur/': '',
      'tmp/y/new/': '',
    });
    const read = async (folder: string) => {
      const notes: MailNote[] = [];
      const records: MailRecord[] = [];
      for await (const record of scanMail(folder, { nested: false, onNote: (note) => notes.push(note) })) records.push(record);
      return { records: records.map((record) => [record.message?.index, record.url]), notes: notes.map((note) => note.file?.slice(root.length + 1)) };
    };
    expect(await read(root)).toEqual({ records: [[0, 'http://cur.example.org/'], [1, 'http://loose.example.org/']], notes: ['cur/x', 'tmp/y'] });
    expect(await read(join(root, '.Sent'))).toEqual({ records: [[0, 'http://sent.example.org/']], notes: ['.Sent/tmp/4'] });
    expect(await read(join(root, 'sub'))).toEqual({ records: [[0, 'http://sub.example.org/']], notes: [] });
    const nested = await nestedMaildirs(root);
    expect(nested.map((path) => path.slice(root.length + 1))).toEqual(['.Sent', 'plain/box', 'sub', 'sub/deeper']);
    // together, every message once
    const all = [];
    for (const folder of [root, ...nested]) all.push(...(await read(folder)).records.map(([, url]) => url));
    expect(all.sort()).toEqual(['cur', 'deeper', 'loose', 'plain-box', 'sent', 'sub'].map((name) => `http://${name}.example.org/`));
  });

  it('one message that cannot be read loses only itself, and is named', async () => {
    const root = tree({ 'cur/1': message('one'), 'cur/3': message('three'), 'new/': '' });
    symlinkSync(join(root, 'missing'), join(root, 'cur', '2'));
    const notes: MailNote[] = [];
    const records: MailRecord[] = [];
    for await (const record of scanMail(root, { onNote: (note) => notes.push(note) })) records.push(record);
    expect(records.map((record) => [record.message?.index, record.url])).toEqual([
      [0, 'http://one.example.org/'],
      [2, 'http://three.example.org/'],
    ]);
    expect(notes.map((note) => [note.code, note.file, note.messageIndex])).toEqual([['unreadable-file', join(root, 'cur', '2'), 1]]);
  });
});
