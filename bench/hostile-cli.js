#!/usr/bin/env node
/**
 * Hostile inputs for the command line, at full size: each case writes its
 * input into a temporary folder (removed at the end), runs `bin/urlsift.js`
 * on it, and prints wall time, peak resident memory, exit code, the rows
 * written and the first lines of standard error, with what the case checks.
 *
 *   node bench/hostile-cli.js                 every case but the heavy ones
 *   node bench/hostile-cli.js --quick         inputs a fifth of the size
 *   node bench/hostile-cli.js --heavy         also the 1 GB srcset and 2^24 distinct URLs
 *   node bench/hostile-cli.js --only a,b      these cases (keys in the first column)
 *   node bench/hostile-cli.js --bin FILE      another build of the command
 *   node bench/hostile-cli.js --json          one JSON object per case
 *
 * Peak memory is GNU time's maximum resident set size when /usr/bin/time is
 * there, else VmHWM read from /proc every 100 ms.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const value = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const quick = flag('--quick');
const heavy = flag('--heavy');
const json = flag('--json');
const only = value('--only')?.split(',');
const bin = path.resolve(value('--bin') ?? path.join(root, 'bin', 'urlsift.js'));
const scale = quick ? 0.2 : 1;
const gnuTime = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

const MB = 1e6;

// ── writing inputs ─────────────────────────────────────────────────────────

/** Write `pieces` (strings or buffers, any iterable) to `file`, honouring back-pressure. */
async function writePieces(file, pieces) {
  const out = fs.createWriteStream(file);
  for (const piece of pieces) {
    if (!out.write(piece)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Lines from `line(i)` until about `bytes` are written, gathered into 1 MB pieces. */
function* lines(bytes, line) {
  let written = 0;
  let piece = '';
  for (let i = 0; written < bytes; i++) {
    const text = line(i);
    piece += text;
    written += text.length;
    if (piece.length >= 1 << 20) {
      yield piece;
      piece = '';
    }
  }
  if (piece !== '') yield piece;
}

/** `count` lines from `line(i)`, gathered into 1 MB pieces. */
function* pieces(count, line) {
  let piece = '';
  for (let i = 0; i < count; i++) {
    piece += line(i);
    if (piece.length >= 1 << 20) {
      yield piece;
      piece = '';
    }
  }
  if (piece !== '') yield piece;
}

async function gzipFile(from, to) {
  await pipeline(fs.createReadStream(from), zlib.createGzip(), fs.createWriteStream(to));
}

/** A message of `bytes` or so, dense with URLs (`tag` makes its URLs its own). */
function denseMessage(tag, bytes) {
  let body = '';
  for (let j = 0; body.length < bytes; j++) body += `http://m${tag}.example/p/${j}\n`;
  return `From: a${tag}@example.org\nTo: b@example.org\nSubject: message ${tag}\nMessage-ID: <${tag}@example.org>\nDate: Mon, 1 Jan 2024 00:00:00 +0000\n\n${body}`;
}

function writeMaildir(dir, count, bytes, gzip = false) {
  for (const sub of ['cur', 'new', 'tmp']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  for (let i = 0; i < count; i++) {
    const text = denseMessage(i, bytes);
    const file = path.join(dir, 'cur', `${String(i).padStart(8, '0')}.host:2,S`);
    fs.writeFileSync(file, gzip ? zlib.gzipSync(text) : text);
  }
}

function base64Lines(bytes) {
  return bytes.toString('base64').replace(/.{76}/g, '$&\n');
}

/** UTF-7 (RFC 2152) with every character in base64: text a reader of UTF-7 sees, and nobody else. */
function utf7Hidden(text) {
  const utf16 = Buffer.from(text, 'utf16le').swap16();
  return `+${utf16.toString('base64').replace(/=+$/, '')}-`;
}

// ── running ────────────────────────────────────────────────────────────────

/**
 * Run the command; resolve with wall time, peak RSS (MB), exit code, rows,
 * stdout (up to `keep` bytes) and stderr.
 */
function runCommand(argv, { cwd, env, keep = 1 << 20, firstLine = false } = {}) {
  return new Promise((resolve) => {
    const timeFile = gnuTime ? path.join(os.tmpdir(), `urlsift-time-${process.pid}-${Math.random().toString(36).slice(2)}`) : undefined;
    const command = gnuTime ? gnuTime : process.execPath;
    const commandArgs = gnuTime ? ['-f', '%M', '-o', timeFile, process.execPath, bin, ...argv] : [bin, ...argv];
    const started = performance.now();
    const child = spawn(command, commandArgs, { cwd: cwd ?? root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let rows = 0;
    let stdout = '';
    let stderr = '';
    let firstMs;
    let peakKiB = 0;
    child.stdout.on('data', (chunk) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
      if (stdout.length < keep) stdout += chunk;
      if (firstLine && firstMs === undefined && rows > 0) {
        firstMs = performance.now() - started;
        child.stdout.destroy();
      }
    });
    child.stderr.on('data', (chunk) => {
      if (stderr.length < 1 << 20) stderr += chunk;
    });
    const sampler = gnuTime
      ? undefined
      : setInterval(() => {
          try {
            const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'));
            if (match) peakKiB = Math.max(peakKiB, Number(match[1]));
          } catch {
            // ended
          }
        }, 100);
    child.on('close', (code, signal) => {
      if (sampler) clearInterval(sampler);
      const ms = performance.now() - started;
      let exit = code;
      if (timeFile) {
        try {
          const text = fs.readFileSync(timeFile, 'utf8');
          const kib = text.trim().split('\n').pop();
          peakKiB = Number(kib);
          const status = /Command (?:exited with non-zero status|terminated by signal) (\d+)/.exec(text);
          if (status && /signal/.test(status[0])) exit = `signal ${status[1]}`;
          else if (status) exit = Number(status[1]);
          else exit = code;
          fs.rmSync(timeFile, { force: true });
        } catch {
          // no figure
        }
      }
      resolve({ ms, firstMs, peakMB: (peakKiB * 1024) / MB, exit: signal ? `signal ${signal}` : exit, rows, stdout, stderr });
    });
  });
}

/** A child that gets `signal` once `ready()` says so; resolves like `runCommand` (no peak). */
function runAndSignal(argv, { env, ready, signal }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, ...argv], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let rows = 0;
    let stderr = '';
    let sent = false;
    const poll = setInterval(() => {
      if (!sent && ready({ rows, stderr, ms: performance.now() - started })) {
        sent = true;
        child.kill(signal);
      }
    }, 20);
    child.stdout.on('data', (chunk) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code, sig) => {
      clearInterval(poll);
      resolve({ ms: performance.now() - started, exit: sig ? `signal ${sig}` : code, rows, stderr, peakMB: undefined });
    });
  });
}

function leftIn(dir) {
  let total = 0;
  const names = [];
  for (const name of fs.readdirSync(dir)) {
    names.push(name);
    const walk = (p) => {
      const s = fs.lstatSync(p);
      if (s.isDirectory()) for (const n of fs.readdirSync(p)) walk(path.join(p, n));
      else total += s.size;
    };
    walk(path.join(dir, name));
  }
  return { names, bytes: total };
}

// ── the cases ──────────────────────────────────────────────────────────────

const dense = (bytes) => lines(bytes, (i) => `see http://dense.example/page/${i} and then `.concat(i % 2 ? '\n' : ''));

const cases = [
  {
    key: 'gzip-bad-crc',
    title: 'gzip with a bad CRC: 200,000 URLs',
    async run(dir) {
      const text = Array.from({ length: 200_000 }, (_, i) => `see http://crc.example/${i} ok\n`).join('');
      const gz = zlib.gzipSync(text);
      gz[gz.length - 8] ^= 0xff;
      const file = path.join(dir, 'crc.txt.gz');
      fs.writeFileSync(file, gz);
      const r = await runCommand([file]);
      return { ...r, check: `rows ${r.rows} of 200,000` };
    },
  },
  {
    key: 'gzip-garbage',
    title: 'one gzip member followed by garbage',
    async run(dir) {
      const file = path.join(dir, 'one.txt.gz');
      fs.writeFileSync(file, Buffer.concat([zlib.gzipSync('see http://one.example/ here\n'), Buffer.from('garbage '.repeat(20))]));
      const r = await runCommand([file]);
      return { ...r, check: `rows ${r.rows} of 1` };
    },
  },
  {
    key: 'gzip-truncated',
    title: 'gzip cut inside a URL (http://trunc.exa|mple/)',
    async run(dir) {
      const text = `${'a line of text\n'.repeat(1000)}see http://whole.example/ and http://trunc.example/path here\n`;
      const gz = zlib.gzipSync(text, { level: 0 });
      const cut = 10 + 5 + text.indexOf('http://trunc.exa') + 'http://trunc.exa'.length;
      const file = path.join(dir, 'cut.txt.gz');
      fs.writeFileSync(file, gz.subarray(0, cut));
      const r = await runCommand([file]);
      return { ...r, check: `rows: ${r.stdout.trim().split('\n').map((l) => l.split('\t')[1]).join(' ')}` };
    },
  },
  {
    key: 'html-long-title',
    title: '<a title="1.1 MB" href=…>',
    async run(dir) {
      const file = path.join(dir, 'title.html');
      fs.writeFileSync(file, `<!doctype html><a title="${'x'.repeat(1_100_000)}" href="http://kept.example/">k</a>\n`);
      const r = await runCommand([file]);
      return { ...r, check: `rows ${r.rows} of 1` };
    },
  },
  {
    key: 'html-srcset',
    title: `<img srcset> of ${heavy ? '1 GB' : `${Math.round(100 * scale)} MB`}`,
    async run(dir) {
      const file = path.join(dir, 'srcset.html');
      const bytes = heavy ? 1e9 : 100 * MB * scale;
      await writePieces(file, ['<!doctype html><img srcset="', ...lines(bytes, (i) => `http://s.example/${i}.png 1x, `), '">\n']);
      const r = await runCommand([file]);
      return { ...r, check: `rows ${r.rows} (about ${Math.round(bytes / 27)} candidates)` };
    },
  },
  {
    key: 'mail-big-attachment',
    title: 'message with a 34 MB base64 attachment, its text base64 and QP',
    async run(dir) {
      const file = path.join(dir, 'big.eml');
      const text = base64Lines(Buffer.from('Read http://b64-text.example/page for more.\n'));
      const html = '<p><a href=3D"http://qp-html.example/encod=\ned/page">link</a></p>\n';
      const attachment = base64Lines(Buffer.alloc(25_500_000, 7));
      await writePieces(file, [
        'From: a@example.org\nTo: b@example.org\nSubject: big\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b1"\n\n',
        '--b1\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n',
        text,
        '\n--b1\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n',
        html,
        '--b1\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n',
        attachment,
        '\n--b1--\n',
      ]);
      const r = await runCommand(['--format', 'jsonl', file]);
      const urls = r.stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l).url);
      return { ...r, check: `urls: ${urls.join(' ')}` };
    },
  },
  {
    key: 'html-utf7',
    title: '<meta charset=utf-7> hiding a URL',
    async run(dir) {
      const file = path.join(dir, 'utf7.html');
      fs.writeFileSync(file, `<!doctype html><meta charset="utf-7"><p>${utf7Hidden('http://hidden.example/')}</p>\n`);
      const r = await runCommand([file]);
      return { ...r, check: `rows ${r.rows} (0: no browser decodes UTF-7)` };
    },
  },
  {
    key: 'mime-epilogue',
    title: 'a list footer after the closing MIME delimiter',
    async run(dir) {
      const file = path.join(dir, 'footer.eml');
      fs.writeFileSync(
        file,
        'From: a@example.org\nSubject: x\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b"\n\npreamble\n--b\nContent-Type: text/plain\n\nbody\n--b--\n\n--\nunsubscribe at http://footer.example/unsubscribe\n',
      );
      const r = await runCommand([file]);
      return { ...r, check: `rows ${r.rows} of 1` };
    },
  },
  {
    key: 'gzip-100mb',
    title: `${Math.round(100 * scale)} MB of dense text, gzip'd, named .gz`,
    async run(dir) {
      const text = path.join(dir, 'dense.txt');
      await writePieces(text, dense(100 * MB * scale));
      const file = path.join(dir, 'dense.txt.gz');
      await gzipFile(text, file);
      fs.rmSync(text);
      const r = await runCommand(['--stats', file]);
      return { ...r, check: `rows ${r.rows}; gzip ${(fs.statSync(file).size / MB).toFixed(2)} MB` };
    },
  },
  {
    key: 'gzip-100mb-noname',
    title: `the same gzip named dense.dat (no .gz)`,
    async run(dir) {
      const text = path.join(dir, 'dense.txt');
      await writePieces(text, dense(100 * MB * scale));
      const file = path.join(dir, 'dense.dat');
      await gzipFile(text, file);
      fs.rmSync(text);
      const r = await runCommand([file]);
      return { ...r, check: `rows ${r.rows}` };
    },
  },
  {
    key: 'eml-gz',
    title: `one ${Math.round(100 * scale)} MB message as .eml.gz`,
    async run(dir) {
      const text = path.join(dir, 'one.eml');
      await writePieces(text, ['From: a@example.org\nSubject: big\n\n', ...dense(100 * MB * scale)]);
      const file = path.join(dir, 'one.eml.gz');
      await gzipFile(text, file);
      fs.rmSync(text);
      const r = await runCommand([file]);
      return { ...r, check: `rows ${r.rows}` };
    },
  },
  {
    key: 'maildir-gz',
    title: `maildir of 20 gzip'd messages of ${Math.round(5 * scale)} MB`,
    async run(dir) {
      const box = path.join(dir, 'gzbox');
      writeMaildir(box, 20, 5 * MB * scale, true);
      const r = await runCommand([box]);
      return { ...r, check: `rows ${r.rows}` };
    },
  },
  {
    key: 'context-500',
    title: '--context 500 on a dense 15 MB file',
    async run(dir) {
      const file = path.join(dir, 'dense15.txt');
      await writePieces(file, contextLines());
      const r = await runCommand(['--context', '500', file], { keep: 0 });
      return { ...r, check: `rows ${r.rows}` };
    },
  },
  {
    key: 'context-2000',
    title: '--context 2000 on the same file',
    async run(dir) {
      const file = path.join(dir, 'dense15.txt');
      if (!fs.existsSync(file)) await writePieces(file, contextLines());
      const r = await runCommand(['--context', '2000', file], { keep: 0 });
      return { ...r, check: `rows ${r.rows}` };
    },
  },
  {
    key: 'html-resolve',
    title: '--html-resolve: a 500 KB <base href> and 20,000 relative links',
    async run(dir) {
      const file = path.join(dir, 'base.html');
      const links = Array.from({ length: 20_000 }, (_, i) => `<a href=p${i}>x</a>\n`).join('');
      fs.writeFileSync(file, `<!doctype html><base href="http://base.example/${'b'.repeat(500_000)}/">\n${links}`);
      const r = await runCommand(['--html-resolve', file], { keep: 0 });
      return { ...r, check: `rows ${r.rows}` };
    },
  },
  {
    key: 'markdown-definitions',
    title: 'Markdown: 1,000,000 link definitions, each followed by a reference (79 MB), then the same as one block of definitions before the references',
    async run(dir) {
      const count = Math.round(1_000_000 * scale);
      const mixed = path.join(dir, 'definitions.md');
      await writePieces(mixed, pieces(count, (i) => `[l${i + 1}]: http://host${i + 1}.example/p${i + 1}\n\nSee [text ${i + 1}][l${i + 1}] here.\n\n`));
      const r = await runCommand(['--format', 'jsonl', mixed], { keep: 0 });
      const block = path.join(dir, 'definitions-block.md');
      await writePieces(block, pieces(2 * count + 1, (i) => (i < count ? `[l${i + 1}]: http://host${i + 1}.example/p${i + 1}\n` : i === count ? '\n' : `See [text ${i - count}][l${i - count}] here.\n\n`)));
      const b = await runCommand(['--format', 'jsonl', block], { keep: 0 });
      return { ...r, check: `rows ${r.rows} (target: peak well under 500 MB); one block: ${(b.ms / 1000).toFixed(1)} s, ${b.peakMB.toFixed(0)} MB, ${b.rows} rows` };
    },
  },
  {
    key: 'maildir-20mb',
    title: 'a 20 MB maildir (4,000 messages)',
    async run(dir) {
      const box = path.join(dir, 'box20');
      writeMaildir(box, Math.round(4000 * scale), 5000);
      const r = await runCommand([box], { keep: 0 });
      return { ...r, check: `rows ${r.rows}` };
    },
  },
  {
    key: 'maildir-200mb',
    title: 'a 200 MB maildir (40,000 messages), then the same mail as one mbox',
    async run(dir) {
      const box = path.join(dir, 'box200');
      const count = Math.round(40_000 * scale);
      writeMaildir(box, count, 5000);
      const r = await runCommand([box], { keep: 0 });
      const mbox = path.join(dir, 'box200.mbox');
      await writePieces(mbox, (function* () {
        for (let i = 0; i < count; i++) yield `From a${i}@example.org Mon Jan  1 00:00:00 2024\n${denseMessage(i, 5000)}\n`;
      })());
      const m = await runCommand([mbox], { keep: 0 });
      const head = await runCommand([box], { firstLine: true });
      return { ...r, check: `rows ${r.rows}; mbox: ${(m.ms / 1000).toFixed(1)} s, ${m.peakMB.toFixed(0)} MB, ${m.rows} rows; | head -1: first row after ${((head.firstMs ?? head.ms) / 1000).toFixed(2)} s` };
    },
  },
  {
    key: 'unique-sigterm',
    title: '--unique, SIGTERM once rows spill: what is left in TMPDIR',
    async run(dir) {
      return uniqueSignal(dir, 'SIGTERM');
    },
  },
  {
    key: 'unique-sigint',
    title: '--unique, Ctrl-C once rows spill: what is left in TMPDIR',
    async run(dir) {
      return uniqueSignal(dir, 'SIGINT');
    },
  },
  {
    key: 'unique-interrupt-writing',
    title: '--unique, Ctrl-C while it writes its rows',
    async run(dir) {
      const files = await uniqueInput(dir);
      const tmp = fs.mkdtempSync(path.join(dir, 'tmp-'));
      const r = await runAndSignal(['--unique', ...files], { env: { TMPDIR: tmp }, signal: 'SIGINT', ready: ({ rows }) => rows > 0 });
      const left = leftIn(tmp);
      return { ...r, check: `rows written ${r.rows} of ${4 * uniqueCount}; left in TMPDIR: ${left.names.length} entries, ${(left.bytes / MB).toFixed(1)} MB` };
    },
  },
  {
    key: 'utf16-part',
    title: 'a UTF-16 mail part with a lone surrogate in a URL: JSON a strict reader takes',
    async run(dir) {
      const file = path.join(dir, 'utf16.eml');
      const body = Buffer.concat([Buffer.from('see http://a.example/x', 'utf16le'), Buffer.from([0x00, 0xd8]), Buffer.from('y here\n', 'utf16le')]);
      fs.writeFileSync(file, Buffer.concat([Buffer.from('From: a@example.org\nSubject: x\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-16le\nContent-Transfer-Encoding: base64\n\n'), Buffer.from(base64Lines(body) + '\n')]));
      const r = await runCommand(['--format', 'jsonl', file]);
      const jq = spawnSync('jq', ['-c', '.url'], { input: r.stdout, encoding: 'utf8' });
      return { ...r, check: `jq: exit ${jq.status} ${(jq.stdout || jq.stderr).trim()}` };
    },
  },
  {
    key: 'unique-2^24',
    heavy: true,
    title: '--unique over 16,800,000 distinct URLs',
    async run(dir) {
      const file = path.join(dir, 'distinct.txt');
      const count = 16_800_000;
      await writePieces(file, (function* () {
        for (let i = 0; i < count; i += 100_000) yield Array.from({ length: Math.min(100_000, count - i) }, (_, k) => `http://u.example/${i + k}\n`).join('');
      })());
      const r = await runCommand(['--unique', file], { keep: 0 });
      return { ...r, check: `rows ${r.rows} of ${count}` };
    },
  },
  {
    key: 'maildir-unreadable',
    title: 'a maildir message that cannot be read (a dangling link)',
    async run(dir) {
      const box = path.join(dir, 'broken-box');
      writeMaildir(box, 2, 200);
      fs.symlinkSync(path.join(dir, 'nowhere'), path.join(box, 'cur', '00000001b.host:2,S'));
      const r = await runCommand([box]);
      return { ...r, check: `exit ${r.exit}` };
    },
  },
  {
    key: 'name-backslash',
    title: 'file names a\\x1b.txt (literal) and a<ESC>.txt',
    async run(dir) {
      fs.writeFileSync(path.join(dir, 'a\\x1b.txt'), 'http://literal.example/\n');
      fs.writeFileSync(path.join(dir, 'a\x1b.txt'), 'http://escape.example/\n');
      const r = await runCommand([path.join(dir, 'a\\x1b.txt'), path.join(dir, 'a\x1b.txt')]);
      const names = r.stdout.trim().split('\n').map((l) => path.basename(l.split(':')[0]));
      return { ...r, check: `names shown: ${names.join(' , ')}` };
    },
  },
  {
    key: 'note-1mb-header',
    title: 'a charset parameter of 1 MB, with --stats: bytes on stderr',
    async run(dir) {
      const file = path.join(dir, 'charset.eml');
      fs.writeFileSync(file, `From: a@example.org\nSubject: x\nContent-Type: text/plain; charset="${'x'.repeat(1_000_000)}"\n\nhttp://a.example/\n`);
      const r = await runCommand(['--stats', file]);
      return { ...r, check: `stderr ${r.stderr.length} characters` };
    },
  },
  {
    key: 'invisible-characters',
    title: 'tag characters, U+034F, Hangul fillers, variation selectors in a URL',
    async run(dir) {
      const file = path.join(dir, 'invisible.txt');
      fs.writeFileSync(file, 'http://a.example/\u{E0041}\u034F\u115F\u3164\uFE0F\u{E0100}x\n');
      const r = await runCommand([file]);
      const raw = [...r.stdout].filter((c) => /[\u{E0000}-\u{E007F}\u034F\u115F\u1160\u3164\uFFA0\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u.test(c)).length;
      return { ...r, check: `raw invisible characters on stdout: ${raw}; ${JSON.stringify(r.stdout.trim().split('\t').pop())}` };
    },
  },
];

/** A dense 15 MB file of short lines (context crosses line breaks, so each context is a string of its own). */
const contextLines = () => lines(15 * MB, (i) => `x http://c.example/p/${i}${i % 3 === 2 ? '\n' : ' '}`);

const uniqueCount = 400_000;

/** Four files of `uniqueCount` distinct URLs each: rows spill while the next files are scanned. */
async function uniqueInput(dir) {
  const files = [];
  for (let part = 0; part < 4; part++) {
    const file = path.join(dir, `distinct-${part}.txt`);
    if (!fs.existsSync(file)) await writePieces(file, lines(uniqueCount * 26, (i) => `http://u${part}.example/${i}\n`));
    files.push(file);
  }
  return files;
}

async function uniqueSignal(dir, signal) {
  const files = await uniqueInput(dir);
  const tmp = fs.mkdtempSync(path.join(dir, 'tmp-'));
  const r = await runAndSignal(['--unique', ...files], {
    env: { TMPDIR: tmp },
    signal,
    // once the spill folder has grown; a run that removes its spill file at once is signalled after four seconds
    ready: ({ ms }) => leftIn(tmp).bytes > 50 * MB || ms > 4000,
  });
  const left = leftIn(tmp);
  return { ...r, check: `left in TMPDIR: ${left.names.length} entries, ${(left.bytes / MB).toFixed(1)} MB` };
}

// ── main ───────────────────────────────────────────────────────────────────

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'urlsift-hostile-cli-'));
const cleanUp = () => fs.rmSync(work, { recursive: true, force: true });
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
if (!json) console.log(`urlsift hostile CLI cases: ${path.relative(root, bin) || bin}; load ${load()}${quick ? '; --quick' : ''}`);
try {
  for (const c of cases) {
    if (only ? !only.includes(c.key) : c.heavy && !heavy) continue;
    const dir = fs.mkdtempSync(path.join(work, `${c.key}-`));
    let r;
    try {
      r = await c.run(dir);
    } catch (error) {
      r = { exit: 'bench error', check: String(error?.stack ?? error), stderr: '' };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const stderr = (r.stderr ?? '').trim().split('\n').filter(Boolean);
    const said = stderr.slice(0, 4).map((line) => (line.length > 200 ? `${line.slice(0, 200)}… (${line.length} characters)` : line));
    if (stderr.length > 4) said.push(`… ${stderr.length - 4} more lines`);
    if (json) {
      console.log(JSON.stringify({ key: c.key, title: c.title, seconds: r.ms / 1000, peakMB: r.peakMB, exit: r.exit, rows: r.rows, check: r.check, stderr: said }));
    } else {
      const time = r.ms === undefined ? '' : `${(r.ms / 1000).toFixed(2)} s`;
      const peak = r.peakMB === undefined ? '' : `, peak ${r.peakMB.toFixed(0)} MB`;
      console.log(`\n${c.key}: ${c.title}\n  ${time}${peak}, exit ${r.exit}; ${r.check}`);
      for (const line of said) console.log(`  stderr: ${line}`);
    }
  }
} finally {
  cleanUp();
}
if (!json) console.log(`\nload ${load()}`);
