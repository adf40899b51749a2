/**
 * `--href`: the URI a browser requests for an IRI, in text and CSV output,
 * and `--unique` grouping by it. JSON rows always hold `href` when a record
 * has one.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './cli-helpers.js';

const text = [
  'see http://例え.jp/パス and http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9 too',
  'then https://ru.wikipedia.org/wiki/Москва and http://plain.example/',
  'and again http://例え.jp/パス',
  '',
].join('\n');

const punycode = 'http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9';
const moscow = 'https://ru.wikipedia.org/wiki/%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0';

describe('--href', () => {
  it('text: href instead of the URL as written, the URL when it has none', async () => {
    const { code, stdout } = await runCli(['--href'], text);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [`-:1:5\t${punycode}`, `-:1:25\t${punycode}`, `-:2:6\t${moscow}`, '-:2:47\thttp://plain.example/', `-:3:11\t${punycode}`, ''].join('\n'),
    );
  });

  it('text without it: the URL as written', async () => {
    const { stdout } = await runCli([], text);
    expect(stdout.split('\n')[0]).toBe('-:1:5\thttp://例え.jp/パス');
  });

  it('csv: an href column after url, empty when the URL is its own', async () => {
    const { stdout } = await runCli(['--format', 'csv', '--href'], text);
    const [header, first, , , plain] = stdout.split('\n');
    expect(header).toBe('file,line,column,end_line,end_column,url,href,scheme,form,valid,alternatives,errors,count,context');
    expect(first).toBe(`-,1,5,1,20,http://例え.jp/パス,${punycode},http,bare,false,,non-ascii non-ascii,,`);
    expect(plain).toBe('-,2,47,2,68,http://plain.example/,,http,bare,true,,,,');
    const without = await runCli(['--format', 'csv'], text);
    expect(without.stdout.split('\n')[0]).toBe('file,line,column,end_line,end_column,url,scheme,form,valid,alternatives,errors,count,context');
  });

  it('--unique groups by href: the IRI and its URI written out are one', async () => {
    const byHref = await runCli(['--unique', '--href'], text);
    expect(byHref.stdout).toBe([`-:1:5\t${punycode}\t×3`, `-:2:6\t${moscow}\t×1`, '-:2:47\thttp://plain.example/\t×1', ''].join('\n'));
    const byUrl = await runCli(['--unique'], text);
    expect(byUrl.stdout.split('\n').filter(Boolean)).toHaveLength(4);
  });

  it('JSON rows hold href, with or without the flag', async () => {
    const { stdout } = await runCli(['--format', 'jsonl'], text);
    const rows = stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { url: string; href?: string });
    expect(rows.map((row) => row.href)).toEqual([punycode, undefined, moscow, undefined, punycode]);
  });
});
