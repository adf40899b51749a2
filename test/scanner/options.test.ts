/**
 * Scan options: what each one changes, and misuse reported as TypeError.
 */
import { describe, expect, it } from 'vitest';
import { createScanner, scan, scanHtml, scanMail, scanStream } from '../../src/index.js';
import { foundSpans, unmark } from './marked.js';

// rule: schemeless-www
describe('schemeless', () => {
  it.each([
    'see «www.example.com/x».',
    '(«www.example.com»)',
    '«www.example.co.uk/a?b=c»,',
  ])('%s', (marked) => {
    const { input, spans } = unmark(marked);
    expect(foundSpans(input)).toEqual([]);
    expect(foundSpans(input, { schemeless: true })).toEqual(spans);
  });

  it('reports http:// and the scheme http', () => {
    expect(scan('go to www.example.com.', { schemeless: true }).map((r) => [r.url, r.scheme, r.raw])).toEqual([
      ['http://www.example.com', 'http', 'www.example.com'],
    ]);
  });

  it.each(['awww.example.com', 'www.', 'www.com', 'http://www.example.com/'])('no extra record in %j', (input) => {
    expect(scan(input, { schemeless: true }).filter((r) => r.raw.startsWith('www'))).toEqual([]);
  });
});

// rule: email-domain
describe('emails', () => {
  it.each([
    'mail «timbl@info.cern.ch».',
    '<«masinter@parc.xerox.com»>',
    '«first.last+tag@sub.example.org», then',
  ])('%s', (marked) => {
    const { input, spans } = unmark(marked);
    expect(foundSpans(input)).toEqual([]);
    expect(foundSpans(input, { emails: true })).toEqual(spans);
  });

  it('reports mailto:', () => {
    expect(scan('EMail: timbl@info.cern.ch', { emails: true }).map((r) => [r.url, r.scheme])).toEqual([
      ['mailto:timbl@info.cern.ch', 'mailto'],
    ]);
  });

  it.each(['a@b', 'a@b.1', '@example.com', 'a.@example.com', 'x@-a.com', 'ftp://u@h.example.com/'])(
    'no address in %j',
    (input) => {
      expect(scan(input, { emails: true }).filter((r) => r.form === 'bare' && r.url.startsWith('mailto:'))).toEqual(
        [],
      );
    },
  );
});

describe('schemes', () => {
  it('keeps only the schemes asked for, any case', () => {
    const text = 'http://a.example ftp://b.example/ news:c.d <URL:mailto:e@f.example>';
    expect(scan(text, { schemes: ['FTP', 'mailto'] }).map((r) => r.url)).toEqual([
      'ftp://b.example/',
      'mailto:e@f.example',
    ]);
  });
});

// rule: schemes-and-strict
describe('strict', () => {
  it('drops URLs that are not valid by RFC 1738', () => {
    const text = 'http://a.example/ok http://user@b.example/ <URL:http://c.example/a b|c>';
    expect(scan(text).map((r) => [r.url, r.valid])).toEqual([
      ['http://a.example/ok', true],
      ['http://user@b.example/', false],
      ['http://c.example/ab|c', false],
    ]);
    expect(scan(text, { strict: true }).map((r) => r.url)).toEqual(['http://a.example/ok']);
  });
});

describe('misuse throws TypeError', () => {
  it.each([
    [{ hyphen: 'maybe' }],
    [{ schemes: 'http' }],
    [{ schemes: [''] }],
    [{ strict: 'yes' }],
    [{ maxWrapperLength: 2 }],
    [{ maxWrapperLength: 1.5 }],
    [{ colour: true }],
    [null],
  ])('options %j', (options) => {
    expect(() => scan('x', options as never)).toThrow(TypeError);
    expect(() => createScanner(options as never)).toThrow(TypeError);
  });

  it.each([
    [[], 'Expected options to be an object, got an array'],
    [['http', 'ftp'], 'Expected options to be an object, got an array'],
    [{ schemes: [] }, 'Expected option `schemes` to name at least one scheme'],
  ])('options %j: a precise message', async (options, message) => {
    expect(() => scan('http://a.example/', options as never)).toThrow(new TypeError(message));
    expect(() => createScanner(options as never)).toThrow(new TypeError(message));
    const chunks = (async function* () {
      yield 'http://a.example/';
    })();
    await expect(scanStream(chunks, options as never)[Symbol.asyncIterator]().next()).rejects.toThrow(new TypeError(message));
  });

  it('non-string input', async () => {
    expect(() => scan(42 as never)).toThrow(TypeError);
    expect(() => createScanner().write({} as never)).toThrow(TypeError);
    await expect(scanStream(42 as never)[Symbol.asyncIterator]().next()).rejects.toThrow(TypeError);
  });

  it.each([
    ['a number', 5, 'number'],
    ['an object', { a: 1 }, 'an object'],
    ['null', null, 'null'],
  ])('a stream with %s among its chunks: TypeError, from scanStream, scanHtml and scanMail alike', async (_, chunk, said) => {
    const chunks = () =>
      (async function* () {
        yield 'see http://a.example/ ';
        yield chunk as never;
      })();
    const message = `Expected chunks of strings or bytes (Uint8Array), got ${said}`;
    const drain = async (records: AsyncIterable<unknown>) => {
      for await (const record of records) void record;
    };
    await expect(drain(scanStream(chunks()))).rejects.toThrow(new TypeError(message));
    await expect(drain(scanHtml(chunks()))).rejects.toThrow(new TypeError(message));
    await expect(drain(scanMail(chunks()))).rejects.toThrow(new TypeError(message));
  });

  it('write after end', () => {
    const scanner = createScanner();
    scanner.end();
    expect(() => scanner.write('x')).toThrow(/after `end\(\)`/);
  });
});
