/**
 * A part's Content-Type is libmime's reading of its value, whether the
 * value was met before in the run (read once, kept) or not; each entity's
 * parameters are its own.
 */
import libmime from 'libmime';
import { describe, expect, it } from 'vitest';
import { entityType } from '../../src/adapters/mail/mime-walk.js';
import { readHeaderBlock } from '../../src/adapters/mail/header-block.js';

function typeOf(headerLines: string): ReturnType<typeof entityType> {
  const bytes = Buffer.from(`${headerLines}\n\nbody\n`, 'latin1');
  return entityType(bytes, readHeaderBlock(bytes, 0, bytes.length, 0), 'text/plain');
}

describe('a part’s Content-Type', () => {
  it.each([
    ['text/plain; charset="us-ascii"'],
    ['text/plain; charset=iso-8859-1; format=flowed; delsp=yes'],
    ['TEXT/HTML; CHARSET=UTF-8'],
    ["text/plain; charset*=utf-8''%e2%82%ac"],
    ['text/plain; name*0="a"; name*1="b.txt"'],
    ['multipart/alternative; boundary="----=_NextPart_000_0001"'],
    [`text/plain; name="${'x'.repeat(300)}.txt"`],
  ])('%s: the same reading the first time and the next', (value) => {
    const expected = libmime.parseHeaderValue(value);
    for (let time = 0; time < 3; time++) {
      const { contentType, params } = typeOf(`Content-Type: ${value}`);
      expect(contentType).toBe(String(expected.value).trim().toLowerCase());
      expect(params).toEqual(expected.params);
    }
  });

  it('gives each entity parameters of its own', () => {
    const first = typeOf('Content-Type: text/plain; charset=koi8-r');
    first.params['charset'] = 'changed';
    expect(typeOf('Content-Type: text/plain; charset=koi8-r').params).toEqual({ charset: 'koi8-r' });
  });
});
