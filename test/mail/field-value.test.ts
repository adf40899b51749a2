/**
 * A header field's value as structured fields are read: unfolded (a line
 * break before a space or tab removed) and trimmed, whether its field is
 * one line or several, ends with LF, CRLF or the end of the input.
 */
import { describe, expect, it } from 'vitest';
import { findField, readHeaderBlock } from '../../src/adapters/mail/header-block.js';

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
