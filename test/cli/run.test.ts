/**
 * The CLI core in process: formats, options, exit codes, stdin.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/cli/output/output-format.js';
import { runCli, tempDir } from './cli-helpers.js';

const appendix = [
  '   Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;',
  '   type=d> but you can probably pick it up from <URL:ftp://ds.in',
  '   ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.',
  '   net/instructions/overview.html#WARNING>.',
  '',
].join('\n');

describe('formats', () => {
  it('text: FILE:LINE:COL<TAB>URL', async () => {
    const { code, stdout } = await runCli([], appendix);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        '-:1:31\tftp://info.cern.ch/pub/www/doc;type=d',
        '-:2:49\tftp://ds.internic.net/rfc',
        '-:3:42\thttp://ds.internic.net/instructions/overview.html#WARNING',
        '',
      ].join('\n'),
    );
  });

  it('text: alternatives after the URL', async () => {
    const { stdout } = await runCli(['-'], 'x <URL:http://www.exam-\n  ple.com/>');
    expect(stdout).toBe('-:1:3\thttp://www.exam-ple.com/\tor http://www.example.com/\n');
  });

  it('jsonl: one record a line, with the file', async () => {
    const { stdout } = await runCli(['--format', 'jsonl'], appendix);
    const rows = stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(rows.map((row) => [row.url, row.file, row.form, row.valid, row.start.line])).toEqual([
      ['ftp://info.cern.ch/pub/www/doc;type=d', '-', 'url-wrapper', true, 1],
      ['ftp://ds.internic.net/rfc', '-', 'url-wrapper', true, 2],
      ['http://ds.internic.net/instructions/overview.html#WARNING', '-', 'url-wrapper', true, 3],
    ]);
  });

  it('json: one array', async () => {
    const { stdout } = await runCli(['--format', 'json'], appendix);
    expect(JSON.parse(stdout)).toHaveLength(3);
    expect(JSON.parse((await runCli(['--format', 'json'], 'nothing here')).stdout)).toEqual([]);
  });

  it('csv: a header row, quoting, and formula injection guarded', async () => {
    const { stdout } = await runCli(['--format', 'csv'], 'see http://a.example/x,y=1 now');
    const [header, row] = stdout.trimEnd().split('\n');
    expect(header).toBe('file,line,column,end_line,end_column,url,scheme,form,valid,alternatives,errors,count,context');
    expect(row).toBe('-,1,5,1,27,"http://a.example/x,y=1",http,bare,true,,,,');
  });

  it.each([
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['-', '-'],
    ['+', '+'],
    ['@x', "'@x"],
    ['plain', 'plain'],
    ['a\u001b[31mb', 'a\\x1b[31mb'],
  ])('csv cell %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('no raw control character reaches the terminal', async () => {
    const input = 'see <URL:http://a.example/\u001b[2J\u009b31m>';
    for (const format of ['text', 'jsonl', 'json', 'csv']) {
      const { stdout } = await runCli(['--format', format], input);
      expect(stdout).toContain('a.example');
      expect(stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u);
    }
  });
});

describe('writes', () => {
  it.each([[[] as string[]], [['--unique']]])('rows go out in chunks of about 16 Ki characters, whole rows each %j', async (flags) => {
    const dir = tempDir();
    const file = path.join(dir, 'urls.txt');
    writeFileSync(file, Array.from({ length: 3000 }, (_, i) => `http://host${i}.example/`).join('\n'));
    const writes: string[] = [];
    const { code } = await runCli(['--format', 'jsonl', ...flags, file], undefined, {
      write: (text) => {
        writes.push(text);
      },
    });
    expect(code).toBe(0);
    const rows = writes.join('').split('\n').filter((line) => line !== '');
    expect(rows).toHaveLength(3000);
    expect(writes.length).toBeGreaterThan(10);
    const longestRow = Math.max(...rows.map((row) => row.length + 1));
    for (const text of writes.filter((w) => w !== '')) {
      expect(text.endsWith('\n')).toBe(true);
      // a chunk stops at the row that reaches the size
      expect(text.length).toBeLessThan(16 * 1024 + longestRow);
    }
  });
});

describe('options', () => {
  it('--unique counts', async () => {
    const { stdout } = await runCli(['--unique'], 'http://a.example http://b.example http://a.example');
    expect(stdout).toBe('-:1:1\thttp://a.example\t×2\n-:1:18\thttp://b.example\t×1\n');
  });

  it('--context N', async () => {
    const { stdout } = await runCli(['--context', '4', '--format', 'jsonl'], 'one two http://a.example three');
    expect(JSON.parse(stdout).context).toBe('two http://a.example thr');
  });

  it('--schemes, --schemeless, --emails, --hyphen, --strict', async () => {
    const text = 'www.a.example b@c.example http://u@d.example/ ftp://e.example/ <URL:http://f.exam-\n ple/>';
    const urls = async (argv: string[]) =>
      (await runCli(['--format', 'jsonl', ...argv], text)).stdout
        .trimEnd()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line).url);
    expect(await urls([])).toEqual(['http://u@d.example/', 'ftp://e.example/', 'http://f.exam-ple/']);
    expect(await urls(['--schemes', 'ftp'])).toEqual(['ftp://e.example/']);
    expect(await urls(['--schemeless'])).toContain('http://www.a.example');
    expect(await urls(['--emails'])).toContain('mailto:b@c.example');
    expect(await urls(['--hyphen', 'drop'])).toContain('http://f.example/');
    expect(await urls(['--strict'])).toEqual(['ftp://e.example/', 'http://f.exam-ple/']);
  });
});

describe('exit codes', () => {
  it('0 when URLs are found, 1 when none', async () => {
    expect((await runCli([], 'http://a.example')).code).toBe(0);
    expect((await runCli([], 'nothing')).code).toBe(1);
  });

  it.each([['--format', 'xml'], ['--hyphen', 'maybe'], ['--bogus'], ['--context', '-1'], ['--jobs', '0'], ['--schemes', '']])(
    '2 on a usage error: %j',
    async (...argv) => {
      const { code, stderr } = await runCli(argv, 'x');
      expect(code).toBe(2);
      expect(stderr).toMatch(/^urlsift: .* \(urlsift --help lists the options\)\n$/);
      // one line: no whole help text after it
      expect(stderr.split('\n')).toHaveLength(2);
    },
  );

  it.each([
    [['--context', '-3'], '--context takes a whole number from 0 to 999999999; got "-3"'],
    [['--jobs', '-1'], '--jobs takes a whole number from 1 to 999999999; got "-1"'],
    [['--context=-2'], '--context takes a whole number from 0 to 999999999; got "-2"'],
    [['--context', '1000000000'], '--context takes a whole number from 0 to 999999999; got "1000000000"'],
  ])('a negative number gets the range message: %j', async (argv, message) => {
    const { code, stderr } = await runCli(argv, 'x');
    expect(code).toBe(2);
    expect(stderr).toBe(`urlsift: ${message} (urlsift --help lists the options)\n`);
  });

  it('after --, a path that looks like a negative number is a path', async () => {
    const { code, stderr } = await runCli(['--context', '1', '--', '-5'], 'x');
    expect(code).toBe(2);
    expect(stderr).toContain('-5: no such file or directory');
  });

  it('2 when no input is given on a terminal', async () => {
    const { code, stderr } = await runCli([]);
    expect(code).toBe(2);
    expect(stderr).toContain('no input');
  });

  it('2 when a file cannot be read; the other files are still scanned', async () => {
    const dir = tempDir();
    const good = path.join(dir, 'good.txt');
    writeFileSync(good, 'see http://a.example/');
    const { code, stdout, stderr } = await runCli([path.join(dir, 'missing.txt'), good]);
    expect(code).toBe(2);
    expect(stdout).toBe(`${good}:1:5\thttp://a.example/\n`);
    expect(stderr).toContain('missing.txt: no such file or directory');
  });
});

describe('files', () => {
  // rule: text-decoding
  it('UTF-8 with a BOM and invalid bytes: positions still right', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'bom.txt');
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a\xff\n x http://a.example/', 'latin1')]));
    const { stdout } = await runCli(['--format', 'jsonl', file]);
    const row = JSON.parse(stdout);
    expect([row.url, row.start]).toEqual(['http://a.example/', { line: 2, column: 4, offset: 6 }]);
  });

  it.each(['utf-16le', 'utf-16be'] as const)('%s with a BOM', async (encoding) => {
    const dir = tempDir();
    const file = path.join(dir, `${encoding}.txt`);
    const text = '\ufeffsee http://a.example/ ok';
    const bytes = Buffer.from(text, 'utf16le');
    if (encoding === 'utf-16be') bytes.swap16();
    writeFileSync(file, bytes);
    const { stdout } = await runCli([file]);
    expect(stdout).toBe(`${file}:1:5\thttp://a.example/\n`);
  });
});
