/**
 * The batch CLI end to end on a temporary tree: directories, .gitignore,
 * hidden files, binary files, invalid UTF-8, a 5 MB single line, a dangling
 * symbolic link, a missing path, globs, every format, and the same output
 * with one job or two.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectInputs } from '../../src/cli/walk/inputs.js';
import { runCli, spawnCli, tempDir, urlsOf } from './cli-helpers.js';

let tree: string;

/** Write `content` to `name` under `root`, making its folders. */
function put(root: string, name: string, content: string | Uint8Array): void {
  mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
  writeFileSync(path.join(root, name), content);
}

beforeAll(() => {
  tree = tempDir();
  const file = (name: string, content: string | Uint8Array) => put(tree, name, content);
  file('a.txt', 'see http://a.example/\n');
  file('docs/b.txt', 'and <URL:ftp://b.exam\n  ple/pub>\n');
  file('docs/deep/c.txt', 'more: news:comp.lang.c\n');
  file('.hidden/h.txt', 'hidden http://hidden.example/\n');
  file('.gitignore', 'ignored/\n*.log\n');
  file('ignored/i.txt', 'http://ignored.example/\n');
  file('debug.log', 'http://log.example/\n');
  file('binary.bin', new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, ...Buffer.from('http://binary.example/')]));
  file('latin1.txt', Buffer.from('caf\xe9 http://invalid-utf8.example/\n', 'latin1'));
  file('long.txt', `${'x'.repeat(5 * 1024 * 1024)} http://end-of-long-line.example/\n`);
  symlinkSync(path.join(tree, 'nowhere.txt'), path.join(tree, 'dangling.txt'));
});

const urls = urlsOf;

describe('walking a tree', () => {
  // rule: binary-skipped
  it('honours .gitignore, skips hidden files and binary files, notes a dangling link', async () => {
    const { code, stdout, stderr } = await runCli(['--stats', tree]);
    expect(code).toBe(0);
    expect(urls(stdout)).toEqual([
      'http://a.example/',
      'ftp://b.example/pub',
      'news:comp.lang.c',
      'http://invalid-utf8.example/',
      'http://end-of-long-line.example/',
    ]);
    expect(stderr).toContain('dangling.txt: dangling symbolic link, skipped');
    expect(stderr).toMatch(/binary\.bin: binary/);
    expect(stderr).toMatch(/by scheme: http 3, ftp 1, news 1/);
  });

  // rule: walk-links-and-devices
  it('a symbolic link to a file is read; one to a folder is not followed', async () => {
    const root = tempDir();
    put(root, 'real/a.txt', 'http://a.example/\n');
    put(root, 'outside/b.txt', 'http://b.example/\n');
    symlinkSync(path.join(root, 'real/a.txt'), path.join(root, 'real/link-to-file.txt'));
    symlinkSync(path.join(root, 'outside'), path.join(root, 'real/link-to-folder'));
    const { stdout } = await runCli([path.join(root, 'real')]);
    expect(urls(stdout)).toEqual(['http://a.example/', 'http://a.example/']);
  });

  // rule: hidden-entries
  it('--hidden walks hidden files', async () => {
    const { stdout } = await runCli(['--hidden', tree]);
    expect(urls(stdout)).toContain('http://hidden.example/');
  });

  it('positions in a 5 MB single line are right', async () => {
    const { stdout } = await runCli(['--format', 'jsonl', path.join(tree, 'long.txt')]);
    expect(JSON.parse(stdout).start).toEqual({ line: 1, column: 5 * 1024 * 1024 + 2, offset: 5 * 1024 * 1024 + 1 });
  });

  it('a maildir folder inside a walked tree is read as mail; a folder with only cur/ is walked as files', async () => {
    const root = tempDir();
    put(root, 'mail/box/cur/1.host:2,S', 'Subject: one\nContent-Transfer-Encoding: quoted-printable\n\nhttp://qp.exam=\nple/a\n');
    put(root, 'mail/box/new/2.host', 'Subject: two\n\nhttp://new.example/\n');
    mkdirSync(path.join(root, 'mail/box/tmp'));
    put(root, 'notes/cur/readme.txt', 'http://not-mail.example/\n');
    const { code, stdout } = await runCli([root]);
    expect(code).toBe(0);
    const rows = stdout.trimEnd().split('\n').map((line) => path.relative(root, line.split(':')[0] as string) + '\t' + line.split('\t')[1]);
    expect(rows).toEqual([
      'mail/box/cur/1.host\thttp://qp.example/a',
      'mail/box/new/2.host\thttp://new.example/',
      'notes/cur/readme.txt\thttp://not-mail.example/',
    ]);
  });

  it('each maildir nested in a maildir (Maildir++ .Sent, sub/cur) is a mail input of its own, after its parent; every message read once', async () => {
    const root = tempDir();
    const message = (name: string) => `From: a@example.org\nSubject: ${name}\n\nhttp://${name}.example/\n`;
    put(root, 'md/cur/1', message('top'));
    put(root, 'md/new/2', message('top-new'));
    put(root, 'md/tmp/3', message('pending'));
    put(root, 'md/.Sent/cur/4', message('sent'));
    put(root, 'md/.Sent/new/5', message('sent-new'));
    put(root, 'md/.Sent/tmp/6', message('sent-pending'));
    put(root, 'md/sub/cur/7', message('sub'));
    mkdirSync(path.join(root, 'md/sub/new'));
    put(root, 'other.txt', 'http://after.example/\n');
    const expanded = await collectInputs([root], { hidden: false });
    expect(expanded.inputs.map((input) => [input.kind, path.relative(root, input.name)])).toEqual([
      ['maildir', 'md'],
      ['maildir', 'md/.Sent'],
      ['maildir', 'md/sub'],
      ['file', 'other.txt'],
    ]);
    const { code, stdout, stderr } = await runCli(['--format', 'jsonl', '--stats', root]);
    expect(code).toBe(0);
    const rows = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { url: string; file?: string; message?: { index: number } });
    // message.index counts within each maildir: each is read as its own input
    expect(rows.map((row) => [row.url, path.relative(root, row.file ?? ''), row.message?.index])).toEqual([
      ['http://top.example/', 'md/cur/1', 0],
      ['http://top-new.example/', 'md/new/2', 1],
      ['http://sent.example/', 'md/.Sent/cur/4', 0],
      ['http://sent-new.example/', 'md/.Sent/new/5', 1],
      ['http://sub.example/', 'md/sub/cur/7', 0],
      ['http://after.example/', 'other.txt', undefined],
    ]);
    expect(stderr).toMatch(/urlsift: 4 files, /);
    // what each maildir leaves out is listed under its own input
    expect(stderr).toContain(`${path.join(root, 'md')}: tmp/3 left out: still being delivered (tmp/)`);
    expect(stderr).toContain(`${path.join(root, 'md/.Sent')}: tmp/6 left out: still being delivered (tmp/)`);
    const two = await spawnCli(['--format', 'jsonl', '--jobs', '2', root]);
    expect(two.stdout).toBe(stdout);
  });

  it('a file given twice, or inside a directory also given, is scanned once', async () => {
    const { stdout } = await runCli([path.join(tree, 'a.txt'), tree, path.join(tree, 'a.txt')]);
    expect(urls(stdout).filter((url) => url === 'http://a.example/')).toHaveLength(1);
  });

  it('globs', async () => {
    const { stdout } = await runCli([`${tree}/docs/**/*.txt`]);
    expect(urls(stdout)).toEqual(['ftp://b.example/pub', 'news:comp.lang.c']);
  });

  it('a pattern honours the .gitignore files inside its base, as a directory does', async () => {
    const { stdout } = await runCli([`${tree}/**/*.{txt,log}`]);
    expect(urls(stdout)).not.toContain('http://ignored.example/');
    expect(urls(stdout)).not.toContain('http://log.example/');
    expect(urls(stdout)).toContain('news:comp.lang.c');
  });

  it('a pattern inside a folder that a .gitignore above leaves out still matches, as the folder named would', async () => {
    // a repository whose .gitignore leaves out `ignored/`; the pattern is run from inside it
    const repo = tempDir();
    mkdirSync(path.join(repo, '.git'));
    mkdirSync(path.join(repo, 'ignored'));
    writeFileSync(path.join(repo, '.gitignore'), 'ignored/\n');
    writeFileSync(path.join(repo, 'ignored', 'notes.txt'), 'see http://inside-ignored.example/\n');
    const fromInside = await spawnCli(['*.txt'], { cwd: path.join(repo, 'ignored') });
    expect(fromInside.code).toBe(0);
    expect(fromInside.stdout).toBe('notes.txt:1:5\thttp://inside-ignored.example/\n');
    const fromAbove = await spawnCli(['ignored/*.txt'], { cwd: repo });
    expect(fromAbove.stdout).toBe('ignored/notes.txt:1:5\thttp://inside-ignored.example/\n');
  });

  it.each([
    ['at the top', '.gitignore'],
    ['only deep inside', 'docs/deep/.gitignore'],
    ['in a hidden folder', '.config/.gitignore'],
  ])('a .gitignore %s is found and honoured', async (_, where) => {
    const root = tempDir();
    put(root, where, '*.log\n');
    const folder = path.dirname(where) === '.' ? '' : `${path.dirname(where)}/`;
    put(root, `${folder}kept.txt`, 'http://kept.example/\n');
    put(root, `${folder}left-out.log`, 'http://left-out.example/\n');
    const walked = await runCli(['--hidden', root]);
    expect(urls(walked.stdout)).toEqual(['http://kept.example/']);
    const matched = await runCli(['--hidden', `${root}/**/*`]);
    expect(urls(matched.stdout)).toEqual(['http://kept.example/']);
  });

  it('a pattern without ** honours a .gitignore as deep as its folders', async () => {
    const root = tempDir();
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(root, 'docs', '.gitignore'), 'draft-*\n');
    writeFileSync(path.join(root, 'docs', 'guide.txt'), 'http://guide.example/\n');
    writeFileSync(path.join(root, 'docs', 'draft-1.txt'), 'http://draft.example/\n');
    const { stdout } = await runCli([`${root}/*/*.txt`]);
    expect(urls(stdout)).toEqual(['http://guide.example/']);
  });

  it('a missing path is reported, the rest still scanned, exit 2', async () => {
    const { code, stdout, stderr } = await runCli([path.join(tree, 'missing'), path.join(tree, 'a.txt')]);
    expect(code).toBe(2);
    expect(urls(stdout)).toEqual(['http://a.example/']);
    expect(stderr).toContain('missing: no such file or directory');
  });

  it('a glob that matches nothing is an error', async () => {
    const { code, stderr } = await runCli([`${tree}/nothing/*.zzz`]);
    expect(code).toBe(2);
    expect(stderr).toContain('no file matches this pattern');
  });

  it('--jobs 2 gives the same output as --jobs 1, in input order, for every format', async () => {
    for (const format of ['text', 'jsonl', 'json', 'csv']) {
      const one = await spawnCli(['--format', format, '--jobs', '1', tree]);
      const two = await spawnCli(['--format', format, '--jobs', '2', tree]);
      expect(one.code).toBe(0);
      expect(two.stdout).toBe(one.stdout);
    }
  });

  it('no progress line on a pipe unless asked; --progress shows one', async () => {
    const quiet = await spawnCli([tree]);
    expect(quiet.stderr).not.toContain('files |');
    const shown = await spawnCli(['--progress', tree]);
    expect(shown.stderr).toMatch(/\d+\/\d+ files \| [\d.]+ MB \| \d+ URLs \| [\d.]+ MB\/s/);
  });
});

describe('a walk hands on the sizes it read, so batching asks the disk no second time', () => {
  it('files and links to files found in a walk carry their size', async () => {
    const root = tempDir();
    writeFileSync(path.join(root, 'five.txt'), '12345');
    writeFileSync(path.join(root, 'none.txt'), '');
    symlinkSync(path.join(root, 'five.txt'), path.join(root, 'link.txt'));
    const { inputs } = await collectInputs([root], { hidden: false });
    const sizes = inputs.map((input) => (input.kind === 'file' ? [path.basename(String(input.path)), input.size] : []));
    expect(sizes).toEqual([
      ['five.txt', 5],
      ['link.txt', 5],
      ['none.txt', 0],
    ]);
  });
});
