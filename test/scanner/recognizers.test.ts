/**
 * Each recognizer alone, as a pure function of the buffer: called at the
 * last trigger of its kind, it answers no match (and where the search goes
 * on), more input needed, or a match, whose raw span is marked «like this».
 */
import { describe, expect, it } from 'vitest';
import { resolveScanOptions, type ScanOptions } from '../../src/scanner/scan-options.js';
import { recognizeBare } from '../../src/scanner/recognizers/bare.js';
import { recognizeEmail } from '../../src/scanner/recognizers/email.js';
import { outcome, type Progress, type Recognition, type ScanInput } from '../../src/scanner/recognizers/recognition.js';
import { recognizeSchemeless } from '../../src/scanner/recognizers/schemeless.js';
import { recognizeWrapper } from '../../src/scanner/recognizers/wrapper.js';
import { unmark } from './marked.js';

type Recognize = (input: ScanInput, trigger: number, known: Progress | undefined) => Recognition;

const recognizers: Record<string, { recognize: Recognize; trigger: string; options: ScanOptions }> = {
  wrapper: { recognize: recognizeWrapper, trigger: '<', options: {} },
  bare: { recognize: recognizeBare, trigger: ':', options: {} },
  email: { recognize: recognizeEmail, trigger: '@', options: { emails: true } },
  schemeless: { recognize: recognizeSchemeless, trigger: 'www.', options: { schemeless: true } },
};

function inputOf(buffer: string, final: boolean, options: ScanOptions): ScanInput {
  return { buffer, base: 0, final, lastUrlEnd: 0, options: resolveScanOptions(options) };
}

function recognize(name: string, text: string, final: boolean, known?: Progress): Recognition {
  const { recognize, trigger, options } = recognizers[name] as (typeof recognizers)[string];
  const at = text.lastIndexOf(trigger);
  expect(at).toBeGreaterThanOrEqual(0);
  return recognize(inputOf(text, final, options), at, known);
}

// rule: scanner-triggers
describe('a match: the candidate, its raw span, and the search goes on after it', () => {
  it.each([
    ['wrapper', 'under «<URL:ftp://info.cern.ch/pub/>».', 'ftp://info.cern.ch/pub/'],
    ['wrapper', 'under «<URL:ftp://info.cern.ch/pub/www/doc;\n   type=d>» but', 'ftp://info.cern.ch/pub/www/doc;type=d'],
    ['wrapper', 'see «<http://example.com/>»', 'http://example.com/'],
    ['bare', 'see «http://example.com/x».', 'http://example.com/x'],
    ['bare', 'see «"http://example.com/x"».', 'http://example.com/x'],
    ['bare', '«URL:http://example.com/x» here', 'http://example.com/x'],
    ['email', 'mail «jim@info.cern.ch».', 'mailto:jim@info.cern.ch'],
    ['schemeless', 'see «www.example.com/x».', 'http://www.example.com/x'],
  ])('%s in %j', (name, marked, url) => {
    const { input, spans } = unmark(marked);
    const [start, end] = spans[0] as [number, number];
    const answer = recognize(name, input, true);
    expect(answer.outcome).toBe(outcome.match);
    expect(answer).toMatchObject({ url, start, end });
    expect(answer.resume).toBe(end);
  });
});

describe('no match, and where the search goes on (0: at the next character)', () => {
  it.each([
    ['wrapper', '</p> and <div>', 0],
    ['wrapper', '<URL:not a url> here', 0],
    // abandoned at a blank line: `URL:` starts no bare URL, the search goes on after it
    ['wrapper', '<URL:http://a.example/\n\nmore', 5],
    ['bare', 'Note: 10:30', 0],
    ['bare', 'see http://-a.example/', 0],
    // `a@b@c.d`: no `@` in the rest of the run starts an address
    ['email', 'a@b@c.d e', 7],
    // nor in the run of local part characters and `@` after it (`x'=a@` repeated is read once)
    ['email', "a@b@c'd=e'f g", 11],
    // the domain read holds no trigger
    ['email', 'a@b', 3],
    // inside a host name: no `www.` in the rest of it starts a word
    ['schemeless', 'ww.www.example.com x', 18],
    ['schemeless', 'see www.example', 0],
  ])('%s in %j', (name, text, resume) => {
    const answer = recognize(name, text, true);
    expect(answer.outcome).toBe(outcome.no);
    expect(answer.resume).toBe(resume);
    expect(answer.url).toBe('');
  });
});

describe('more input needed when the buffer ends too soon to tell, unless the input has ended', () => {
  it.each([
    ['wrapper', 'under <UR'],
    ['wrapper', 'under <URL:ftp://info.cern.ch/pub/'],
    ['bare', 'see http:/'],
    ['bare', 'see http://example.com/x'],
    ['email', 'mail jim@info.cern'],
    ['schemeless', 'see www.example.com'],
  ])('%s in %j', (name, text) => {
    expect(recognize(name, text, false).outcome).toBe(outcome.more);
    expect(recognize(name, text, true).outcome).not.toBe(outcome.more);
  });
});

describe('what was read ahead comes back and gives the same answer', () => {
  it.each([
    ['wrapper', 'under <URL:ftp://info.cern.ch/pub/', 'www/doc> but'],
    ['wrapper', 'under <URL:ftp://info.cern.ch/pub/\n', '\nmore'],
    ['wrapper', '<URL:<URL:<URL:http://a.example/', '> and'],
    ['bare', 'see http://example.com/a', 'b/c. More'],
    ['schemeless', 'see www.example.com/a', 'b/c. More'],
  ])('%s in %j then %j', (name, first, rest) => {
    const waiting = recognize(name, first, false);
    expect(waiting.outcome).toBe(outcome.more);
    expect(waiting.progress).toBeDefined();
    const resumed = recognize(name, first + rest, true, waiting.progress);
    const fresh = recognize(name, first + rest, true);
    expect(resumed).toEqual(fresh);
  });

  it('a chain of `<URL:` waiting for more resumes at its last link', () => {
    const text = 'x <URL:<URL:<URL:http://a.example/';
    const input = inputOf(text, false, {});
    const waiting = recognizeWrapper(input, 2, undefined);
    expect(waiting.outcome).toBe(outcome.more);
    expect(waiting.progress).toMatchObject({ reader: 'wrapper', trigger: 2, lessThan: 12 });
  });

  it('a recognizer is a pure function: the same input, the same answer', () => {
    const text = 'see http://example.com/x and <URL:http://a.example/>';
    for (const name of ['bare', 'wrapper']) expect(recognize(name, text, true)).toEqual(recognize(name, text, true));
  });
});
