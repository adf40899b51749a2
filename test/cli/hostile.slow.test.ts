/**
 * The CLI under hostile input, set up for real in temporary folders: names
 * that are not UTF-8 or hold line breaks, folders that cannot be listed,
 * trees deeper than a path can be, devices, FIFOs, UTF-16 and UTF-32 files,
 * pathological .gitignore patterns, terminal escapes in names and URLs, a
 * full disk, a closed standard error, Ctrl-C.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync, openSync, symlinkSync, writeFileSync, closeSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, runCli, spawnCli, tempDir, urlsOf } from './cli-helpers.js';
import { untilWaitingOnFifo } from './signals.js';

const urls = urlsOf;

/** A path whose last name is these bytes. */
const byteName = (folder: string, bytes: number[] | string) => Buffer.concat([Buffer.from(`${folder}/`), Buffer.from(bytes as never)]);

describe('nothing is lost without a word', () => {
  // rule: walk-order
  it('a name that is not UTF-8 is a file like any other, shown with escapes; its folder is walked', async () => {
    const root = tempDir();
    mkdirSync(path.join(root, 's'));
    writeFileSync(path.join(root, 'a.txt'), 'http://a.example.com/\n');
    writeFileSync(path.join(root, 's/b.txt'), 'http://b.example.com/\n');
    writeFileSync(byteName(root, [0xff, 0x2e, 0x74, 0x78, 0x74]), '');
    writeFileSync(byteName(root, [0x63, 0xfe, 0x2e, 0x74, 0x78, 0x74]), 'http://c.example/\n');
    const { code, stdout } = await runCli([root]);
    expect(code).toBe(0);
    expect(stdout.split('\n').map((line) => line.slice(root.length))).toEqual([
      '/a.txt:1:1\thttp://a.example.com/',
      '/c\\xfe.txt:1:1\thttp://c.example/',
      '/s/b.txt:1:1\thttp://b.example.com/',
      '',
    ]);
  });

  it('names with LF or CR are found by a walk and by a pattern, and shown escaped', async () => {
    const root = tempDir();
    writeFileSync(path.join(root, 'a\nb.txt'), 'http://lf.example/\n');
    writeFileSync(path.join(root, 'a\rb.txt'), 'http://cr.example/\n');
    for (const given of [root, `${root}/*.txt`]) {
      const { stdout } = await runCli([given]);
      expect(stdout).toBe(`${root}/a\\x0ab.txt:1:1\thttp://lf.example/\n${root}/a\\x0db.txt:1:1\thttp://cr.example/\n`);
    }
  });

  it('a tree deeper than a path can reach: one line on stderr, listed under --stats, exit 2, the rest scanned', async () => {
    const root = tempDir();
    writeFileSync(path.join(root, 'top.txt'), 'http://top.example/\n');
    // 2,100 levels of `d/`: past PATH_MAX (4096), made one relative step at a time
    const steps = `const fs = require('fs'); for (let i = 0; i < 2100; i++) { fs.mkdirSync('d'); process.chdir('d'); } fs.writeFileSync('x.txt', 'http://deep.example/')`;
    const made = spawnSync(process.execPath, ['-e', steps], { cwd: root });
    expect(made.status).toBe(0);
    const { code, stdout, stderr } = await runCli(['--stats', root]);
    expect(code).toBe(2);
    expect(urls(stdout)).toEqual(['http://top.example/']);
    const lines = stderr.split('\n');
    const told = lines.filter((line) => line.startsWith(`urlsift: ${root}/d/d/`));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/\/d\/d: cannot list this folder: path too long to open \(the tree is too deep\)$/);
    // and under --stats
    expect(stderr).toContain(`urlsift: not read: 1\nurlsift:   ${told[0]?.slice('urlsift: '.length)}\n`);
  });

  it('a folder that cannot be listed: named, in a walk, in a pattern: a line each, exit 2', async () => {
    // root reads every folder: the command runs without the capabilities that let it (its own user and files, so
    // the checkout and the temporary folder need not be open to anyone else)
    const parent = tempDir();
    const root = path.join(parent, 'tree');
    mkdirSync(path.join(root, 'locked'), { recursive: true });
    writeFileSync(path.join(root, 'locked/x.txt'), 'http://x.example/\n');
    writeFileSync(path.join(root, 'ok.txt'), 'http://ok.example/\n');
    chmodSync(path.join(root, 'locked'), 0o000);
    const withoutOverride = process.getuid?.() === 0 ? ['setpriv', '--bounding-set', '-dac_override,-dac_read_search'] : [];
    const runAs = (argv: string[]) => {
      const [command, ...rest] = [...withoutOverride, process.execPath, bin, ...argv];
      return spawnSync(command as string, rest, { encoding: 'utf8', cwd: parent });
    };
    for (const given of [root, path.join(root, 'locked'), `${root}/**/*.txt`]) {
      const result = runAs([given]);
      expect(result.stderr).toBe(`urlsift: ${path.join(root, 'locked')}: cannot list this folder: permission denied\n`);
      expect(result.status).toBe(2);
    }
    expect(urls(runAs([root]).stdout)).toEqual(['http://ok.example/']);
  });
});

describe('encodings', () => {
  it('a UTF-16 file of 16 MiB and more streams through a UTF-16 decoder', async () => {
    const root = tempDir();
    const file = path.join(root, 'big16.txt');
    const line = `${'filler '.repeat(40)}http://utf16.example/page\n`;
    const count = Math.ceil((17 * 1024 * 1024) / (2 * line.length));
    writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(line.repeat(count), 'utf16le')]));
    const { code, stdout } = await runCli([file]);
    expect(code).toBe(0);
    const rows = stdout.trimEnd().split('\n');
    expect(rows).toHaveLength(count);
    expect(rows[count - 1]).toBe(`${file}:${count}:281\thttp://utf16.example/page`);
  });

  it.each(['u32.txt', 'u32.md', 'u32.html', 'u32.xhtml'])('a UTF-32 file is skipped with a message, read whole or streamed: %s', async (name) => {
    const root = tempDir();
    const file = path.join(root, name);
    // `<a href="http://a.example/">` in UTF-32LE: read as UTF-16 (what the BOM's first two bytes say) it would give nothing, silently
    writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), Buffer.from(Uint32Array.from('<a href="http://a.example/">', (c) => c.charCodeAt(0)).buffer)]));
    const named = await runCli([file]);
    expect(named.code).toBe(1);
    expect(named.stderr).toBe(`urlsift: ${file}: skipped: UTF-32LE text (a BOM says so), which is not read: convert it to UTF-8\n`);
    const asHtml = await spawnCli(['--as', 'html', '-'], { stdin: readFileSync(file) });
    expect(asHtml.stderr).toBe('urlsift: -: skipped: UTF-32LE text (a BOM says so), which is not read: convert it to UTF-8\n');
    const piped = await spawnCli(['-'], { stdin: Buffer.from([0, 0, 0xfe, 0xff, 0, 0, 0, 0x68]) });
    expect(piped.stderr).toBe('urlsift: -: skipped: UTF-32BE text (a BOM says so), which is not read: convert it to UTF-8\n');
  });
});

describe('sources without a size', () => {
  it.each(['/dev/zero', '/dev/urandom'])('%s is read as a stream and told binary from its first bytes', async (device) => {
    const { code, stderr } = await spawnCli([device]);
    expect(code).toBe(1);
    expect(stderr).toBe(`urlsift: ${device}: skipped: binary (NUL bytes in the first 8 KiB)\n`);
  });

  it('a FIFO is read once, as a stream, and --stats counts the bytes read', async () => {
    const root = tempDir();
    const fifo = path.join(root, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const run = spawnCli(['--stats', fifo]);
    const writer = spawn('sh', ['-c', `printf 'see http://fifo.example/\\n' > '${fifo}'`]);
    await new Promise((resolve) => writer.on('close', resolve));
    const { code, stdout, stderr } = await run;
    expect(code).toBe(0);
    expect(stdout).toBe(`${fifo}:1:5\thttp://fifo.example/\n`);
    expect(stderr).toMatch(/urlsift: 1 files, 25 bytes, 1 URLs/);
  });

  it('a device or FIFO found by a walk is skipped with a note, never read', async () => {
    const root = tempDir();
    expect(spawnSync('mkfifo', [path.join(root, 'fifo')]).status).toBe(0);
    writeFileSync(path.join(root, 'a.txt'), 'http://a.example/\n');
    const { code, stdout, stderr } = await runCli([root]);
    expect(code).toBe(0);
    expect(urls(stdout)).toEqual(['http://a.example/']);
    expect(stderr).toBe(`urlsift: ${root}/fifo: not a regular file (a device, a FIFO or a socket), skipped\n`);
  });
});

describe('--jobs', () => {
  it('is clamped to the cores, and says so; the output is the same', async () => {
    const root = tempDir();
    for (let i = 0; i < 5; i++) writeFileSync(path.join(root, `f${i}.txt`), `http://h${i}.example/\n`);
    const one = await runCli(['--jobs', '1', root]);
    const many = await runCli(['--jobs', '1000', root], undefined, { cores: 2 });
    expect(many.stderr).toBe('urlsift: --jobs 1000: using 2, the number of cores\n');
    expect(many.stdout).toBe(one.stdout);
  });
});

describe('.gitignore patterns are someone else\'s input', () => {
  it('*a*a*a*a*a*a*a*b beside a long name: the walk ends, and the rule is applied', async () => {
    const root = tempDir();
    writeFileSync(path.join(root, '.gitignore'), '*a*a*a*a*a*a*a*b\n');
    writeFileSync(path.join(root, `${'a'.repeat(200)}.txt`), 'http://kept.example/\n');
    writeFileSync(path.join(root, `${'a'.repeat(200)}b`), 'http://ignored.example/\n');
    const { stdout } = await runCli([root]);
    expect(urls(stdout)).toEqual(['http://kept.example/']);
  });
});

describe('Ctrl-C', () => {
  /** Start the command, send SIGINT once it waits where the test wants it (`ready`), and see how it ends. */
  async function interrupt(argv: string[], cwd: string, ready: (child: ChildProcessWithoutNullStreams) => Promise<void>) {
    const child = spawn(process.execPath, [bin, ...argv], { stdio: ['pipe', 'pipe', 'pipe'], cwd }) as ChildProcessWithoutNullStreams;
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (data: string) => (stderr += data));
    await ready(child);
    child.kill('SIGINT');
    const ended = await new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal })),
    );
    return { ...ended, stderr };
  }

  it('a FIFO without a writer: its own message, exit 130 (or by SIGINT, which a shell reports as 130)', async () => {
    const root = tempDir();
    expect(spawnSync('mkfifo', [path.join(root, 'fifo')]).status).toBe(0);
    // ready: a thread waits to open the FIFO
    const ended = await interrupt(['fifo'], root, (child) => untilWaitingOnFifo(child.pid as number));
    // the command's own handler ran (not the default action) and said so
    expect(ended.stderr).toBe('\nurlsift: interrupted\n');
    expect(ended.code === 130 || ended.signal === 'SIGINT').toBe(true);
  });

  it('an idle standard input: its own message, exit 130', async () => {
    // ready: a first line was read and its row written; then standard input stays open and idle
    const ended = await interrupt(['-'], tempDir(), async (child) => {
      const row = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      child.stdin.write('see http://ready.example/ then nothing\n');
      await row;
      child.stdout.resume();
    });
    expect(ended.stderr).toBe('\nurlsift: interrupted\n');
    expect(ended.code === 130 || ended.signal === 'SIGINT').toBe(true);
  });
});

describe('nothing steers the terminal', () => {
  it('bidi controls and invisible characters are escaped in text and CSV; names in messages are escaped', async () => {
    const root = tempDir();
    const name = 'b\u001b]0;PWNED\u0007.txt';
    // (in wrappers: in running text a bidi control ends a URL)
    writeFileSync(path.join(root, name), 'see <URL:http://paypal.com\u202e@evil.example/> and <URL:http://a.example/x\u200dy\u2066z>\n');
    const text = await runCli([path.join(root, name)]);
    expect(text.stdout).toBe(
      `${root}/b\\x1b]0;PWNED\\x07.txt:1:5\thttp://paypal.com\\u202e@evil.example/\n` +
        `${root}/b\\x1b]0;PWNED\\x07.txt:1:48\thttp://a.example/x\\u200dy\\u2066z\n`,
    );
    const csv = await runCli(['--format', 'csv', path.join(root, name)]);
    expect(csv.stdout).toContain(',http://paypal.com\\u202e@evil.example/,');
    const jsonl = await runCli(['--format', 'jsonl', path.join(root, name)]);
    expect(jsonl.stdout).not.toMatch(/[\u202e\u200d\u2066]/u);
    expect(JSON.parse(jsonl.stdout.split('\n')[0] as string).url).toBe('http://paypal.com\u202e@evil.example/');
    const missing = await runCli([path.join(root, 'gone\u202etxt.exe')]);
    expect(missing.stderr).toBe(`urlsift: ${root}/gone\\u202etxt.exe: no such file or directory\n`);
  });
});

describe('write errors', () => {
  it.runIf(existsSync('/dev/full'))('a full disk on standard output: one line, exit 2', () => {
    const root = tempDir();
    writeFileSync(path.join(root, 'a.txt'), 'http://a.example/\n');
    const full = openSync('/dev/full', 'w');
    try {
      const result = spawnSync(process.execPath, [bin, path.join(root, 'a.txt')], { stdio: ['ignore', full, 'pipe'], encoding: 'utf8' });
      expect(result.status).toBe(2);
      expect(result.stderr).toBe('urlsift: cannot write the output: no space left on the device\n');
    } finally {
      closeSync(full);
    }
  });

  it('standard error closed by its reader: exit 2', async () => {
    const child = spawn(process.execPath, [bin, '--stats', path.join(os.tmpdir(), 'no-such-urlsift-file')], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.destroy();
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
  });
});

describe('smaller things', () => {
  it('a symbolic link loop is named a loop, named or found by a walk', async () => {
    const root = tempDir();
    symlinkSync('loop', path.join(root, 'loop'));
    const named = await runCli([path.join(root, 'loop')]);
    expect(named.stderr).toBe(`urlsift: ${root}/loop: symbolic link loop\n`);
    const walked = await runCli([root]);
    expect(walked.stderr).toBe(`urlsift: ${root}/loop: symbolic link loop, skipped\n`);
  });
});
