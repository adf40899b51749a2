/**
 * HTML on the command line: `--as html`, the choice by extension and by
 * content, the `--html-*` flags, `--stats` by attribute, big files streamed.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, runLiveStdin, tempDir } from '../cli/cli-helpers.js';

const page = [
  '<!DOCTYPE html>',
  '<html><head><base href="http://b.example/d/"></head><body>',
  '<a href="x.html">x</a> <img srcset="http://i.example/1.png 1x, http://i.example/2.png 2x">',
  '<script>u = "http://s.example/"</script><style>a{b:url(http://c.example/)}</style><!-- http://m.example/ -->',
  '<pre>&lt;URL:http://ds.in',
  '  ternic.net/rfc&gt;</pre></body></html>',
  '',
].join('\n');

function files(entries: Record<string, string>): string {
  const dir = tempDir();
  for (const [name, text] of Object.entries(entries)) writeFileSync(path.join(dir, name), text);
  return dir;
}

// rule: html-detect
describe('urlsift on HTML', () => {
  it.each(['page.html', 'page.htm', 'page.xhtml', 'page.txt'])('%s is read as HTML (by extension, or by its doctype)', async (name) => {
    const dir = files({ [name]: page });
    const { code, stdout } = await runCli(['--jobs', '1', path.join(dir, name)]);
    expect(code).toBe(0);
    expect(stdout.split('\n').filter(Boolean).map((line) => line.split('\t').slice(1).join('\t'))).toEqual([
      'http://b.example/d/',
      'http://i.example/1.png',
      'http://i.example/2.png',
      'http://ds.internic.net/rfc',
    ]);
    expect(stdout).toContain(`${path.join(dir, name)}:5:6\thttp://ds.internic.net/rfc`);
  });

  it('a text file that mentions <html> later is text', async () => {
    const dir = files({ 'notes.txt': 'Write <a href="http://a.example/">a</a> in <html>.\n' });
    const { stdout } = await runCli(['--jobs', '1', '--format', 'jsonl', path.join(dir, 'notes.txt')]);
    expect(JSON.parse(stdout.trim()).form).toBe('quoted');
  });

  it('--as html on standard input', async () => {
    const { code, stdout } = await runCli(['--as', 'html', '--format', 'jsonl'], '<p>x</p><a href="http://a.example/&amp;">a</a>');
    expect(code).toBe(0);
    const record = JSON.parse(stdout.trim());
    expect([record.url, record.raw, record.form, record.attribute, record.start]).toEqual([
      'http://a.example/&',
      'http://a.example/&amp;',
      'html-attribute',
      'a href',
      { line: 1, column: 18, offset: 17 },
    ]);
  });

  it('standard input: the rows of each chunk are written before the next chunk is read', async () => {
    // the encoding is known once 1024 bytes are in: the first chunk is longer
    const first = `<!DOCTYPE html><!-- ${'.'.repeat(1024)} --><p>see http://first.example/</p>\n`;
    const { code, written } = await runLiveStdin(first, '<a href="http://second.example/">b</a>\n', 'first.example');
    expect(code).toBe(0);
    expect(written).toBe(`-:1:${first.indexOf('http') + 1}\thttp://first.example/\n-:2:10\thttp://second.example/\n`);
  });

  it('--html-scripts, --html-styles, --html-comments, --html-resolve', async () => {
    const dir = files({ 'page.html': page });
    const file = path.join(dir, 'page.html');
    const { stdout } = await runCli(['--jobs', '1', '--html-scripts', '--html-styles', '--html-comments', '--html-resolve', file]);
    expect(stdout.split('\n').filter(Boolean).map((line) => line.split('\t')[1])).toEqual([
      'http://b.example/d/',
      'http://b.example/d/x.html',
      'http://i.example/1.png',
      'http://i.example/2.png',
      'http://s.example/',
      'http://c.example/',
      'http://m.example/',
      'http://ds.internic.net/rfc',
    ]);
  });

  it('--html-resolve without a base: against the file URL', async () => {
    const dir = files({ 'a.html': '<a href="b.html">b</a>' });
    const { stdout } = await runCli(['--jobs', '1', '--html-resolve', path.join(dir, 'a.html')]);
    expect(stdout.trim().split('\t')[1]).toBe(pathToFileURL(path.join(dir, 'b.html')).href);
  });

  it.each([
    ['read whole', [] as string[]],
    ['streamed (standard input)', ['-']],
  ])('what the HTML adapter does not read is told on stderr (%s)', async (_, args) => {
    const html = '<meta charset="utf-7"><p>http://seen.example/</p>';
    const dir = files({ 'utf7.html': html });
    const named = args.length === 0 ? [path.join(dir, 'utf7.html')] : ['--as', 'html', '-'];
    const { stderr } = await runCli(['--stats', ...named], args.length === 0 ? undefined : html);
    expect(stderr).toMatch(/utf7\.html: <meta> charset "utf-7" names no encoding browsers know|^urlsift: -: <meta> charset "utf-7" names no encoding browsers know/m);
    const { stderr: counted } = await runCli(named, args.length === 0 ? undefined : html);
    expect(counted).toMatch(/: 1 problem in the input, read past/);
  });

  it('--stats counts HTML attribute records by element and attribute', async () => {
    const dir = files({ 'page.html': page });
    const { stderr } = await runCli(['--jobs', '1', '--stats', path.join(dir, 'page.html')]);
    expect(stderr).toContain('urlsift: by form: html-attribute 3, url-wrapper 1');
    expect(stderr).toContain('urlsift: by HTML attribute: img srcset 2, base href 1');
  });

  it(
    'a big HTML file is streamed, with the same rows',
    async () => {
      // over the streaming size, mostly one long comment (fast to read)
      const big = `<!DOCTYPE html>\n<a href="http://a.example/">a</a>\n<!-- ${'x'.repeat(17 * 1024 * 1024)} -->\n<p>see http://t.example/&amp;x</p>\n`;
      const dir = files({ 'big.html': big });
      const { code, stdout } = await runCli(['--jobs', '1', path.join(dir, 'big.html')]);
      expect(code).toBe(0);
      expect(stdout.split('\n').filter(Boolean).map((line) => line.split('\t').slice(0, 2).join('\t').replace(dir, 'DIR'))).toEqual([
        `${path.join('DIR', 'big.html')}:2:10\thttp://a.example/`,
        `${path.join('DIR', 'big.html')}:4:8\thttp://t.example/&x`,
      ]);
    },
    120_000,
  );
});

describe('--context on HTML', () => {
  it('a streamed document (standard input) has the same context as one read whole', async () => {
    const dir = files({ 'page.html': page });
    const whole = await runCli(['--jobs', '1', '--format', 'jsonl', '--context', '12', path.join(dir, 'page.html')]);
    const streamed = await runCli(['--as', 'html', '--format', 'jsonl', '--context', '12', '-'], page);
    const contexts = (stdout: string) =>
      stdout
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { url: string; context?: string }))
        .map(({ url, context }) => [url, context]);
    expect(contexts(streamed.stdout)).toEqual(contexts(whole.stdout));
    expect(contexts(streamed.stdout)).toContainEqual(['http://i.example/1.png', 'img srcset="http://i.example/1.png 1x, http://']);
  });
});
