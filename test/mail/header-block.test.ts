/**
 * A header block: its fields (names lower-cased, folded lines joined to
 * their field), where it ends (a blank line, LF or CRLF, or a line that is
 * no field), and a field's value as structured fields are read: unfolded (a
 * line break before a space or tab removed) and trimmed, whether its field
 * is one line or several, ends with LF, CRLF or the end of the input.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findField, readHeaderBlock, type HeaderBlock } from '../../src/adapters/mail/header-block.js';

function valueOf(header: string, name: string): string | undefined {
  const bytes = Buffer.from(header, 'latin1');
  return findField(bytes, readHeaderBlock(bytes, 0, bytes.length, 0), name);
}

describe('a header field’s value', () => {
  it.each([
    ['one line, LF', 'Content-Type: text/plain\nX: y\n\nbody\n', 'text/plain'],
    ['one line, CRLF', 'Content-Type: text/plain \r\nX: y\r\n\r\nbody\r\n', 'text/plain'],
    ['the last line of the input, no line break', 'X: y\nContent-Type:  text/plain ', 'text/plain'],
    ['folded, LF', 'Content-Type: multipart/mixed;\n\tboundary="b"\n\nbody\n', 'multipart/mixed;\tboundary="b"'],
    ['folded, CRLF, twice', 'Content-Type: text/plain;\r\n charset=utf-8;\r\n format=flowed\r\n\r\n', 'text/plain; charset=utf-8; format=flowed'],
    ['folded on its last line, no line break after', 'Content-Type: text/plain;\n charset=utf-8', 'text/plain; charset=utf-8'],
    ['empty', 'Content-Type:\nX: y\n\n', ''],
  ])('%s', (_, header, expected) => {
    expect(valueOf(header, 'content-type')).toBe(expected);
  });
});

describe('a header block', () => {
  it.each([
    ['fields, a folded one, a blank line', 'From: a\nSubject: one\n two\n\nbody\n', ['from', 'subject'], 'body\n', 4],
    ['CRLF, a blank line', 'X-A: 1\r\nMIME-Version: 1.0\r\n\r\nbody', ['x-a', 'mime-version'], 'body', 3],
    ['a CR alone is no blank line', 'X-A: 1\n\rmore\n\nbody', ['x-a'], '\rmore\n\nbody', 1],
    ['white space before the colon', 'Subject : x\n\n', ['subject'], '', 2],
    ['a line that is no field starts the body', 'From: a\nno field here\nTo: b\n', ['from'], 'no field here\nTo: b\n', 1],
    ['a folded line before any field is body', ' folded\nFrom: a\n', [], ' folded\nFrom: a\n', 0],
    ['a name with a character beyond ASCII is no field', 'From: a\nSubj\u00e9ct: x\n', ['from'], 'Subj\u00e9ct: x\n', 1],
    ['no blank line: the block runs to the end', 'From: a\nTo: b\n', ['from', 'to'], '', 2],
  ])('%s', (_, header, names, body, bodyLine) => {
    const bytes = Buffer.from(header, 'latin1');
    const block = readHeaderBlock(bytes, 0, bytes.length, 0);
    expect(block.fields.map((field) => field.name)).toEqual(names);
    expect(bytes.toString('latin1', block.bodyStart)).toBe(body);
    expect(block.bodyLine).toBe(bodyLine);
  });

  // names met before are read again from the bytes: each block gives its own names, in lower case
  it('names in any case, met again and again, one a letter longer, one over 64 characters', () => {
    const long = `X-${'Long'.repeat(20)}`;
    const blocks = [
      'Received: a\nRECEIVED: b\nreceived: c\nReceivedX: d\nReceive: e\n\n',
      `To: a\nTO: b\n${long}: c\n${long.toUpperCase()}: d\nX-[{}]~: e\nX-[{}]~: f\n\n`,
      'Received: a\nTo: b\nX-[{}]~: c\n\n',
    ];
    const names = blocks.map((header) => {
      const bytes = Buffer.from(header, 'latin1');
      return readHeaderBlock(bytes, 0, bytes.length, 0).fields.map((field) => field.name);
    });
    expect(names).toEqual([
      ['received', 'received', 'received', 'receivedx', 'receive'],
      ['to', 'to', long.toLowerCase(), long.toLowerCase(), 'x-[{}]~', 'x-[{}]~'],
      ['received', 'to', 'x-[{}]~'],
    ]);
  });

  it('joins a folded line to its field', () => {
    const bytes = Buffer.from('Subject: one\n\ttwo\nTo: b\n\n', 'latin1');
    const [subject, to] = readHeaderBlock(bytes, 0, bytes.length, 0).fields;
    expect(bytes.toString('latin1', subject?.start, subject?.end)).toBe('Subject: one\n\ttwo\n');
    expect(to).toMatchObject({ name: 'to', line: 2, valueStart: bytes.indexOf('To:') + 3 });
  });
});

/**
 * A header block read the plain way, line by line with regular
 * expressions: what `readHeaderBlock` reads in one pass over each name.
 */
function plainHeaderBlock(bytes: Buffer, start: number, end: number, line: number): HeaderBlock {
  const fields: HeaderBlock['fields'] = [];
  let at = start;
  for (; at < end; line++) {
    const lf = bytes.indexOf(10, at);
    const lineEnd = lf === -1 || lf >= end ? end : lf + 1;
    const text = bytes.toString('latin1', at, lineEnd);
    if (/^\r?\n$/.test(text)) return { start, fields, bodyStart: lineEnd, bodyLine: line + 1, eightBit: /[^\x00-\x7f]/.test(bytes.toString('latin1', start, at)) };
    const field = /^([\x21-\x39\x3b-\x7e]+)[ \t]*:/.exec(text);
    if (/^[ \t]/.test(text) && fields.length > 0) (fields.at(-1) as HeaderBlock['fields'][number]).end = lineEnd;
    else if (field === null) break;
    else fields.push({ name: (field[1] as string).toLowerCase(), start: at, valueStart: at + field[0].length, end: lineEnd, line });
    at = lineEnd;
  }
  return { start, fields, bodyStart: at, bodyLine: line, eightBit: /[^\x00-\x7f]/.test(bytes.toString('latin1', start, at)) };
}

describe('a header block, read in one pass over each name', () => {
  const pieces = ['From', 'FROM', 'x-Y', 'Received', 'A'.repeat(70), 'a'.repeat(65), ':', ' ', '\t', '\r', '\n', '\r\n', 'v', 'é', '@', '\u007f', '[', '~'];
  it.each([
    ['a name then the end of the input', 'From: a\nSubject'],
    ['a name, white space, then the end', 'From: a\nSubject \t'],
    ['a name and its colon end the input', 'From: a\nSubject:'],
    ['white space then a line break after a name', 'Subject \nTo: b\n'],
    ['a colon first', ': x\n'],
    ['DEL in a name', 'Sub\u007fject: x\n'],
  ])('%s', (_, header) => {
    const bytes = Buffer.from(header, 'latin1');
    expect(readHeaderBlock(bytes, 0, bytes.length, 0)).toEqual(plainHeaderBlock(bytes, 0, bytes.length, 0));
  });

  it('any lines, any range of the bytes: the fields, body and lines of the plain reading', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), fc.nat(), fc.nat(), (chosen, a, b) => {
        const bytes = Buffer.from(chosen.join(''), 'latin1');
        const start = bytes.length === 0 ? 0 : a % bytes.length;
        const end = start + (b % (bytes.length - start + 1));
        expect(readHeaderBlock(bytes, start, end, 3)).toEqual(plainHeaderBlock(bytes, start, end, 3));
      }),
      { numRuns: 2000 },
    );
  });
});
