/**
 * HTML parts: `href`/`src` values with entities decoded, URLs in the text
 * with positions mapped back through character references and CR LF.
 */
import { describe, expect, it } from 'vitest';
import { scanMail } from '../../src/adapters/mail/index.js';

async function rows(html: string): Promise<Array<[string, string, string]>> {
  const input = Buffer.from(`Content-Type: text/html; charset=utf-8\n\n${html}`);
  const list: Array<[string, string, string]> = [];
  for await (const record of scanMail(input)) {
    list.push([record.url, record.form, input.subarray(record.start.offset, record.end.offset).toString()]);
  }
  return list;
}

// rule: mail-html-parts
describe('HTML parts', () => {
  it.each([
    ['href with &amp;', '<a href="http://a.example/?x=1&amp;y=2">t</a>', [['http://a.example/?x=1&y=2', 'html-attribute', 'http://a.example/?x=1&amp;y=2']]],
    ['unquoted src', '<img src=http://a.example/i.png>', [['http://a.example/i.png', 'html-attribute', 'http://a.example/i.png']]],
    ['single quotes, spaces around =', "<a href = 'http://a.example/'>t</a>", [['http://a.example/', 'html-attribute', 'http://a.example/']]],
    ['relative and fragment links give nothing', '<a href="/x">a</a><a href="#y">b</a><a href="//h/x">c</a>', []],
    ['text after character references', '<p>&eacute;&amp;&#233;&#x1F600; http://t.example/a</p>', [['http://t.example/a', 'bare', 'http://t.example/a']]],
    ['text across CR LF', '<p>x\r\ny http://t.example/b\r\n</p>', [['http://t.example/b', 'bare', 'http://t.example/b']]],
    ['an entity inside a text URL', '<p>http://t.example/?a=1&amp;b=2 end</p>', [['http://t.example/?a=1&b=2', 'bare', 'http://t.example/?a=1&amp;b=2']]],
    ['link text equal to its href is one record', '<a href="http://d.example/">http://d.example/</a>', [['http://d.example/', 'html-attribute', 'http://d.example/']]],
    ['link text that differs is kept', '<a href="http://d.example/">see http://e.example/</a>', [['http://d.example/', 'html-attribute', 'http://d.example/'], ['http://e.example/', 'bare', 'http://e.example/']]],
    ['scripts and styles are not text', '<script>var u = "http://s.example/"</script><style>a{background:url(http://c.example/)}</style>', []],
    ['javascript:, data:, cid: are skipped', '<a href="javascript:go()">j</a><img src="data:image/png;base64,AAAA"><img src="cid:a@b">', []],
  ])('%s', async (_, html, expected) => {
    expect(await rows(html)).toEqual(expected);
  });
});

describe('alternatives of one message', () => {
  const message = (type: string): Buffer =>
    Buffer.from(
      [
        `Content-Type: multipart/${type}; boundary="b"`,
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'see http://a.example/ and http://b.example/',
        '--b',
        'Content-Type: text/html',
        '',
        '<a href="http://a.example/">a</a> and http://c.example/ and http://b.example/',
        '--b--',
        '',
      ].join('\n'),
    );
  const found = async (type: string): Promise<Array<[string, string | undefined]>> => {
    const list: Array<[string, string | undefined]> = [];
    for await (const record of scanMail(message(type))) list.push([record.url, record.mimePart]);
    return list;
  };

  // rule: mail-alternatives-once
  it('a URL of multipart/alternative is one record, the first alternative\'s', async () => {
    expect(await found('alternative')).toEqual([
      ['http://a.example/', '1'],
      ['http://b.example/', '1'],
      ['http://c.example/', '2'],
    ]);
  });

  it('the parts of multipart/mixed are each read whole', async () => {
    expect(await found('mixed')).toEqual([
      ['http://a.example/', '1'],
      ['http://b.example/', '1'],
      ['http://a.example/', '2'],
      ['http://c.example/', '2'],
      ['http://b.example/', '2'],
    ]);
  });
});
