/**
 * §3.11 PROSPERO: prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
 */
import { describe, expect, it } from 'vitest';
import { format, parse } from '../../src/parse/index.js';
import { expectErrors, expectValid, type InvalidCase, type ValidCase } from './helpers.js';

// rule: prospero-url
describe('prospero valid', () => {
  const cases: ValidCase[] = [
    ['prospero://host.dom//pros/name', { host: 'host.dom', urlPath: '/pros/name', hsoname: '/pros/name' }],
    // psegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
    ['prospero://h:1526/a?:@&=/b', { host: 'h', port: 1526, urlPath: 'a?:@&=/b', hsoname: 'a?:@&=/b' }],
    // fieldspec = ";" fieldname "=" fieldvalue
    ['prospero://h/x;OBJECT-VERSION=3', {
      host: 'h', urlPath: 'x;OBJECT-VERSION=3', hsoname: 'x', fields: { 'OBJECT-VERSION': '3' },
    }],
    ['prospero://h/x;a=1;b=?:@&', {
      host: 'h', urlPath: 'x;a=1;b=?:@&', hsoname: 'x', fields: { a: '1', b: '?:@&' },
    }],
    ['prospero://h/;=', { host: 'h', urlPath: ';=', hsoname: '', fields: { '': '' } }],
  ];
  it.each(cases)('%s', (url, parts) => {
    expectValid(url, parts);
  });

  it('keeps a field named __proto__ as a field', () => {
    const { fields } = parse('prospero://h/x;__proto__=1').parts;
    expect(Object.keys(fields ?? {})).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });

  it('formats back what a record cannot hold: a repeated name, number-like names', () => {
    for (const url of ['prospero://h/x;a=1;a=2', 'prospero://h/x;b=1;2=z']) {
      expect(format(parse(url))).toBe(url);
    }
    expect(parse('prospero://h/x;a=1;a=2').parts.fields).toEqual({ a: '2' });
  });
});

describe('prospero invalid', () => {
  const cases: InvalidCase[] = [
    // "No username or password is allowed."
    ['prospero://u@h/x',
     '           ^ userinfo-not-allowed'],
    ['prospero://h',
     '            ^ missing-url-path'],
    ['prospero://h/x;a',
     '              ^ bad-fieldspec'],
    ['prospero://h/x;',
     '              ^ bad-fieldspec'],
    // fieldname and fieldvalue have no "=" or "/"
    ['prospero://h/x;a=b=c',
     '                  ^ reserved-character'],
    ['prospero://h/x;a/b=c',
     '                ^ reserved-character'],
    ['prospero://h/x;a=b/c',
     '                  ^ reserved-character'],
    ['prospero://h/x y',
     '              ^ space'],
  ];
  it.each(cases)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });
});
