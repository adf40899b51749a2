/**
 * One module, one rule: the same HTML gives the same URLs as an HTML file,
 * as the text/html part of a message, and as an HTML block in Markdown
 * (with `html: true`), and each use's positions point at the URL in its own
 * source.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { scanHtmlWhole } from '../../src/adapters/html/html-scanner.js';
import { scanMail } from '../../src/adapters/mail/index.js';
import remarkUrlsift from '../../src/remark.js';
import type { UrlRecord } from '../../src/records/url-record.js';

const snippets: Array<[string, string]> = [
  ['href with an entity', '<div><a href="http://a.example/?x=1&amp;y=2">t</a></div>'],
  ['javascript: skipped everywhere', '<div><a href="javascript:alert(1)">j</a> <a href="VBSCRIPT:x">v</a></div>'],
  ['a one-letter scheme is not a URL anywhere', '<div><a href="h:x">h</a></div>'],
  ['srcset and ping', '<div><img srcset="http://s.example/1.png 1x, http://s.example/2.png 2x"><a href="http://a.example/" ping="http://p.example/">a</a></div>'],
  ['unquoted and uppercase', '<DIV><A HREF=http://u.example/>u</A></DIV>'],
  ['text with an entity', '<div>see http://t.example/?a&amp;b and http://u.example/</div>'],
  ['link text equal to its href', '<div><a href="http://d.example/">http://d.example/</a></div>'],
  ['a script is not text', '<div><script>x="http://s.example/"</script></div>'],
  ['relative links', '<div><a href="/x">x</a><img src="i.png"></div>'],
];

function fromFile(html: string): UrlRecord[] {
  return scanHtmlWhole(html);
}

async function fromMail(html: string): Promise<UrlRecord[]> {
  const head = 'From: a@example.com\nTo: b@example.com\nSubject: s\nContent-Type: text/html; charset=utf-8\n\n';
  const bytes = Buffer.from(`${head}${html}\n`);
  const records: UrlRecord[] = [];
  for await (const record of scanMail(bytes)) {
    expect(bytes.subarray(record.start.offset, record.end.offset).toString()).toBe(record.raw);
    records.push(record);
  }
  return records;
}

function fromMarkdown(html: string): UrlRecord[] {
  const markdown = `Intro.\n\n${html}\n`;
  const processor = unified().use(remarkParse).use(remarkUrlsift, { html: true });
  const file = new VFile({ value: markdown });
  processor.runSync(processor.parse(file), file);
  const records = file.data.urls ?? [];
  for (const record of records) expect(markdown.slice(record.start.offset, record.end.offset)).toBe(record.raw);
  return records;
}

describe('the same HTML in the three uses', () => {
  it.each(snippets)('%s', async (_, html) => {
    const urls = (records: UrlRecord[]) => records.map((record) => [record.url, record.form, record.raw]);
    const file = urls(fromFile(html));
    expect(urls(await fromMail(html))).toEqual(file);
    expect(urls(fromMarkdown(html))).toEqual(file);
  });

  it('the rule differs from neither: javascript: named in schemes is reported by all three', async () => {
    const html = '<div><a href="javascript:go()">j</a></div>';
    expect(scanHtmlWhole(html, { schemes: ['javascript'] }).map((record) => record.url)).toEqual(['javascript:go()']);
    const mail: string[] = [];
    const bytes = Buffer.from(`Content-Type: text/html\n\n${html}\n`);
    for await (const record of scanMail(bytes, { schemes: ['javascript'] })) mail.push(record.url);
    expect(mail).toEqual(['javascript:go()']);
    const processor = unified().use(remarkParse).use(remarkUrlsift, { html: true, schemes: ['javascript'] });
    const file = new VFile({ value: html });
    processor.runSync(processor.parse(file), file);
    expect((file.data.urls ?? []).map((record) => record.url)).toEqual(['javascript:go()']);
  });
});

describe('triggers in HTML text', () => {
  it.each([
    ['<p>see WWW.EXAMPLE.COM today</p>', { schemeless: true }, ['http://WWW.EXAMPLE.COM']],
    ['<p>see <b>Www.Example.com</b></p>', { schemeless: true }, ['http://Www.Example.com']],
    ['<p>mail Jim@Info.Example.org</p>', { emails: true }, ['mailto:Jim@Info.Example.org']],
  ])('%s (%j): a run with no colon is still scanned when it holds another trigger, in any case', (html, options, urls) => {
    expect(scanHtmlWhole(html, options).map((record) => record.url)).toEqual(urls);
  });
});
