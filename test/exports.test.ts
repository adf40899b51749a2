/**
 * Locks the list of public exports: a change here is a change of the API.
 * The record types are checked by the type checker (`npm test` runs it on
 * the tests too).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as urlsift from '../src/index.js';
import type { MailRecord, UrlRecord } from '../src/index.js';

describe('public exports', () => {
  it('of urlsift', () => {
    expect(Object.keys(urlsift).sort()).toEqual([
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
