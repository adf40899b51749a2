/**
 * Hostile inputs, generated in memory: scan() must stay linear, within a
 * small factor of its time per byte on real text.
 *
 * Each input is first timed at a small size; if that predicts a run far too
 * long (super-linear behaviour), the full size is not attempted and the
 * figure from the small size is reported.
 */
import { referenceCorpus } from '../lib/corpus.js';
import { fmtCount, fmtMB, fmtMBps, fmtRatio, measure, table, utf8Bytes } from '../lib/measure.js';
import { targets } from '../lib/targets.js';
import { urlsiftTool } from '../lib/tools.js';
import { pass } from './scan.js';

export const id = 'hostile';
export const title = 'Hostile inputs (urlsift; × = time per byte over real text with the same options)';

/**
 * Text as a program gets it from a file: one flat string. (`repeat` and `+`
 * build rope strings, whose every character read costs V8 more; real input,
 * decoded from a file or a stream, is never one.)
 */
const asRead = (text) => Buffer.from(text, 'utf8').toString('utf8');

/** Repeat `unit` until the string is about `bytes` long. */
const fill = (unit, bytes) => unit.repeat(Math.max(1, Math.floor(bytes / unit.length)));

/** Deterministic pseudo-random text over `alphabet`. */
function noise(alphabet, length, seed = 1738) {
  let x = seed >>> 0;
  const out = new Array(length);
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = alphabet[x % alphabet.length];
  }
  return out.join('');
}

const urlCharacters =
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789' + "$-_.+!*'(),;/?:@=&%~#";

/** The hostile inputs. `make(bytes)` builds one of about that size. */
export const cases = [
  { key: 'url-wrapper-open', name: '"<URL:" repeated', make: (n) => fill('<URL:', n) },
  { key: 'open-parens', name: '"http://a.b(" + "(" × n', make: (n) => `http://a.b(${'('.repeat(n - 11)}` },
  { key: 'colon', name: '"a:" repeated', make: (n) => fill('a:', n) },
  { key: 'www', name: '"www." repeated {schemeless}', options: { schemeless: true }, make: (n) => fill('www.', n) },
  { key: 'email', name: '"a@a." repeated {emails}', options: { emails: true }, make: (n) => fill('a@a.', n) },
  {
    key: 'digits',
    name: 'lines of 100,000 digits',
    make: (n) => fill(`${'1234567890'.repeat(10_000)}\n`, n),
  },
  {
    key: 'hyphen-breaks',
    name: '"<URL:http://a-\\n" + "b-\\n" × n',
    make: (n) => `<URL:http://a-\n${'b-\n'.repeat(Math.floor((n - 15) / 3))}`,
  },
  { key: 'any-scheme', name: '"ab://" repeated', make: (n) => fill('ab://', n) },
  { key: 'bad-hosts', name: '"(http://-a.b/" repeated', make: (n) => fill('(http://-a.b/', n) },
  { key: 'paren-scheme', name: '"http://a.b/" + ")(a" × n', make: (n) => `http://a.b/${fill(')(a', n - 11)}` },
  { key: 'apostrophe-slash', name: '"\'http://a.b/" + "\'/" × n', make: (n) => `'http://a.b/${fill("'/", n - 12)}` },
  { key: 'joined-schemes', name: '"x.y-http:" repeated', make: (n) => fill('x.y-http:', n) },
  { key: 'link-text', name: '"http://a.b/[" repeated', make: (n) => fill('http://a.b/[', n) },
  { key: 'link-text-open', name: '"[http://a.b/[x" repeated', make: (n) => fill('[http://a.b/[x', n) },
  { key: 'link-text-groups', name: '"http://a.b/" + "[x]" × n', make: (n) => `http://a.b/${fill('[x]', n - 11)}` },
  // the rules for bare URLs broken after a hyphen, user parts, `mailto:` addresses, glued schemes and IRIs
  { key: 'bare-hyphen-breaks', name: '"http://a-\\n" + "b-\\n" × n', make: (n) => `http://a-\n${'b-\n'.repeat(Math.floor((n - 10) / 3))}` },
  { key: 'hyphen-break-triggers', name: '"ab://-a-\\nq/" repeated', make: (n) => fill('ab://-a-\nq/', n) },
  { key: 'mailto-no-at', name: '"mailto:a/" repeated', make: (n) => fill('mailto:a/', n) },
  { key: 'mailto-at-end', name: '"(mailto:a" × n + "@"', make: (n) => `${fill('(mailto:a', n - 1)}@` },
  { key: 'many-at', name: '"ftp://a@" repeated', make: (n) => fill('ftp://a@', n) },
  { key: 'user-lookahead', name: '"http://" + "!" × 200 + "/" repeated', make: (n) => fill(`http://${'!'.repeat(200)}/`, n) },
  { key: 'glued-words', name: '"greathttp://-a/" repeated', make: (n) => fill('greathttp://-a/', n) },
  { key: 'email-atext', name: '"x\'=a@" repeated {emails}', options: { emails: true }, make: (n) => fill("x'=a@", n) },
  { key: 'www-case', name: '"WwW." repeated {schemeless}', options: { schemeless: true }, make: (n) => fill('WwW.', n) },
  { key: 'iri-run', name: '"http://a.b/" + "é" × n', make: (n) => `http://a.b/${'é'.repeat(Math.floor((n - 11) / 2))}` },
  {
    key: 'url-line',
    name: '5 MB single line of URL characters',
    size: 5e6,
    make: (n) => `http://${noise(urlCharacters, n - 7)}`,
  },
];

const optionsKey = (o) => JSON.stringify(o ?? {});

export async function run(ctx) {
  const size = ctx.quick ? 2e6 : 8e6;
  const probeSize = 5e5;
  const reference = referenceCorpus();
  const baselines = new Map();
  // scan's figure for the default options, when that section ran on the same text
  const scanReal = ctx.results.scan?.corpora?.find((c) => c.name === reference.name);
  if (scanReal) baselines.set(optionsKey(undefined), scanReal.mbps);

  const baseline = async (options) => {
    const key = optionsKey(options);
    if (!baselines.has(key)) {
      ctx.log(`hostile: real-text baseline with ${key}`);
      const m = measure(pass(await urlsiftTool(options), reference), {
        bytes: reference.bytes,
        budgetMs: ctx.quick ? 800 : 3000,
        minRuns: 3,
        maxRuns: 9,
      });
      baselines.set(key, m.mbps);
    }
    return baselines.get(key);
  };

  const rows = [];
  for (const c of cases) {
    const tool = await urlsiftTool(c.options);
    const base = await baseline(c.options);
    const target = c.size ?? size;
    ctx.log(`hostile: ${c.name}`);

    const small = asRead(c.make(probeSize));
    const smallBytes = utf8Bytes(small);
    const probe = measure(() => tool.count(tool.run(small)), { bytes: smallBytes, budgetMs: 1000, minRuns: 2, maxRuns: 5 });
    const predictedMs = (probe.ms * target) / smallBytes;

    let m = probe;
    let bytes = smallBytes;
    let stoppedEarly = false;
    if (predictedMs * 3 > 60_000 || probe.ms > 5000) {
      stoppedEarly = true;
    } else {
      const text = asRead(c.make(target));
      bytes = utf8Bytes(text);
      m = measure(() => tool.count(tool.run(text)), {
        bytes,
        budgetMs: ctx.quick ? 600 : 2000,
        minRuns: 3,
        maxRuns: 7,
        minSampleMs: 0,
      });
    }
    const ratio = base / m.mbps;
    // time per byte at full size over that at the probe size: ≫ 1 means super-linear
    const growth = stoppedEarly ? undefined : (m.ms / bytes) / (probe.ms / smallBytes);
    rows.push({
      key: c.key,
      name: c.name,
      options: c.options ?? {},
      bytes,
      mbps: m.mbps,
      ms: m.ms,
      runs: m.runs,
      urls: m.result,
      baselineMbps: base,
      ratio,
      growth,
      stoppedEarly,
      ok: ratio <= targets.hostileRatio && !stoppedEarly,
    });
  }
  const slowest = rows.reduce((a, b) => (b.ratio > a.ratio ? b : a), rows[0]);
  return {
    reference: reference.name,
    target: targets.hostileRatio,
    cases: rows,
    slowest: slowest ? { key: slowest.key, name: slowest.name, ratio: slowest.ratio } : undefined,
    allOk: rows.every((r) => r.ok),
  };
}

export function render(r) {
  const t = table(
    [
      { title: 'input' },
      { title: 'size', align: 'right' },
      { title: 'MB/s', align: 'right' },
      { title: 'real MB/s', align: 'right' },
      { title: '×', align: 'right' },
      { title: 'growth', align: 'right' },
      { title: 'URLs', align: 'right' },
      { title: 'verdict' },
    ],
    r.cases.map((c) => [
      c.name,
      fmtMB(c.bytes),
      fmtMBps(c.mbps),
      fmtMBps(c.baselineMbps),
      fmtRatio(c.ratio),
      c.growth === undefined ? '—' : fmtRatio(c.growth),
      fmtCount(c.urls),
      c.stoppedEarly ? 'SLOW (stopped at probe size: super-linear?)' : c.ok ? 'OK' : 'SLOW',
    ]),
  );
  const lines = [t];
  lines.push(`  real text: ${r.reference}; growth = time per byte at full size / at ${fmtMB(5e5)} (≈1× when linear)`);
  lines.push(
    `  target: each within ${r.target}× of real text — ${r.allOk ? 'MET' : `NOT MET (slowest: ${r.slowest.name}, ${fmtRatio(r.slowest.ratio)})`}`,
  );
  return lines.join('\n');
}
