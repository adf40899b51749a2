/**
 * Locks the list of public exports: a change here is a change of the API.
 * The record types are checked by the type checker (`npm test` runs it on
 * the tests too).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as urlsift from '../src/index.js';
import type { CheckResult, MailRecord, UrlRecord } from '../src/index.js';

describe('public exports', () => {
  it('of urlsift', () => {
    expect(Object.keys(urlsift).sort()).toEqual([
      'checkErrorCodes',
      'checkUrls',
      'createScanner',
      'createSummary',
      'decode',
      'errorCodes',
      'format',
      'forms',
      'foundKinds',
      'htmlReport',
      'markdownReport',
      'parse',
      'scan',
      'scanHtml',
      'scanMail',
      'scanStream',
      'summarize',
    ]);
  });
});

describe('public record types', () => {
  it('scan gives UrlRecord, which says nothing of mail', () => {
    expectTypeOf(urlsift.scan).returns.toEqualTypeOf<UrlRecord[]>();
    expectTypeOf<UrlRecord>().not.toHaveProperty('message');
    expectTypeOf<UrlRecord>().not.toHaveProperty('mimePart');
    expectTypeOf<UrlRecord>().not.toHaveProperty('header');
    expectTypeOf<UrlRecord>().not.toHaveProperty('position');
  });

  it('scanMail gives MailRecord: a UrlRecord with the message, the MIME part and the header', () => {
    expectTypeOf(urlsift.scanMail).returns.toEqualTypeOf<AsyncIterable<MailRecord>>();
    expectTypeOf<MailRecord>().toExtend<UrlRecord>();
    expectTypeOf<MailRecord['message']>().toEqualTypeOf<{ index: number; messageId?: string; subject?: string }>();
    expectTypeOf<MailRecord['mimePart']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<MailRecord['header']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<MailRecord['position']>().toEqualTypeOf<'part' | undefined>();
  });
});

describe('scanMail from the package entry', () => {
  it('checks its arguments at once, before the mail adapter is loaded', () => {
    expect(() => urlsift.scanMail(42 as never)).toThrow(TypeError);
    expect(() => urlsift.scanMail('', {})).toThrow(TypeError);
    expect(() => urlsift.scanMail('x.mbox', { maxMessageSize: -1 })).toThrow(TypeError);
  });

  it('reads mail once iterated', async () => {
    const message = 'From: a@example.com\nTo: b@example.com\nSubject: s\n\nsee http://mail.example/\n';
    const urls: string[] = [];
    for await (const record of urlsift.scanMail(new TextEncoder().encode(message))) urls.push(record.url);
    expect(urls).toEqual(['http://mail.example/']);
  });
});

describe('checkUrls from the package entry', () => {
  it('checks its arguments at once', () => {
    expect(() => urlsift.checkUrls(42 as never)).toThrow(TypeError);
    expect(() => urlsift.checkUrls([], { timeout: -1 })).toThrow(TypeError);
  });

  it('gives one result per distinct URL, typed CheckResult', async () => {
    expectTypeOf(urlsift.checkUrls).returns.toEqualTypeOf<AsyncIterable<CheckResult>>();
    const results: CheckResult[] = [];
    for await (const result of urlsift.checkUrls(urlsift.scan('mailto:a@b.example and mailto:a@b.example'))) results.push(result);
    expect(results.map((result) => [result.url, result.status, result.count])).toEqual([['mailto:a@b.example', 'ok', 2]]);
  });

  it('is loaded only when used: `import { scan }` loads no HTTP client (the built package, in a child process)', () => {
    const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));
    const script = `
      const urlsift = await import(${JSON.stringify(entry)});
      urlsift.scan('http://a.example/');
      const loaded = () => ['NativeModule http', 'NativeModule https'].filter((name) => process.moduleLoadList.includes(name));
      const before = loaded();
      for await (const result of urlsift.checkUrls(['mailto:a@b.example'])) void result;
      console.log(JSON.stringify({ before, after: loaded() }));
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout)).toEqual({ before: [], after: ['NativeModule http', 'NativeModule https'] });
  });
});
