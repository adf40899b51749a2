/**
 * A base64 text part that declares no charset is read as UTF-8 when its
 * bytes are UTF-8, else as windows-1252, as an 8-bit part is: its bytes are
 * looked at once decoded. rule: mail-charset
 */
import { describe, expect, it } from 'vitest';
import { scanMail } from '../../src/adapters/mail/index.js';

function message(body: Buffer, charset = ''): Buffer {
  const header = `From: a@example.org\nSubject: x\nMIME-Version: 1.0\nContent-Type: text/plain${charset}\nContent-Transfer-Encoding: base64\n\n`;
  return Buffer.concat([Buffer.from(header), Buffer.from(`${body.toString('base64').replace(/.{76}/g, '$&\n')}\n`)]);
}

async function urls(bytes: Buffer): Promise<string[]> {
  const found: string[] = [];
  for await (const record of scanMail(bytes)) found.push(record.url);
  return found;
}

describe('a base64 part without a charset', () => {
  it.each([
    ['Latin-1 bytes', Buffer.from('Le menu: http://example.com/caf\u00e9/menu ici\n', 'latin1'), 'http://example.com/café/menu'],
    ['UTF-8 bytes', Buffer.from('Le menu: http://example.com/caf\u00e9/menu ici\n', 'utf8'), 'http://example.com/café/menu'],
    ['ASCII, long', Buffer.from(`${'words '.repeat(5000)}http://example.com/end\n`), 'http://example.com/end'],
  ])('%s: the URL whole', async (_, body, url) => {
    expect(await urls(message(body))).toEqual([url]);
  });

  it('a declared charset is taken as declared', async () => {
    expect(await urls(message(Buffer.from('see http://example.com/caf\u00e9 ok\n', 'latin1'), '; charset=iso-8859-1'))).toEqual(['http://example.com/café']);
  });
});
