/**
 * Locks the list of public exports: a change here is a change of the API.
 */
import { describe, expect, it } from 'vitest';
import * as urlsift from '../src/index.js';

describe('public exports', () => {
  it('of urlsift', () => {
    expect(Object.keys(urlsift).sort()).toEqual([
      'createScanner',
      'decode',
      'errorCodes',
      'format',
      'forms',
      'parse',
      'scan',
      'scanHtml',
      'scanMail',
      'scanStream',
    ]);
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
