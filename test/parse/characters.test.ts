/**
 * §2.2 URL character encoding issues, across schemes, and the Appendix
 * fragment.
 */
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/parse/index.js';
import type { UrlParts } from '../../src/parse/parsed-url.js';
import { errorList, expectErrors, expectValid, type InvalidCase, type ValidCase } from './helpers.js';

describe('escape = "%" hex hex', () => {
  const valid: ValidCase[] = [
    ['http://h/%41%7e%7E%00%FF', { host: 'h', urlPath: '%41%7e%7E%00%FF', path: '%41%7e%7E%00%FF' }],
    ['ftp://%61:%62@h/%63', { user: '%61', password: '%62', host: 'h', urlPath: '%63', cwd: [], name: '%63' }],
  ];
  it.each(valid)('%s', (url, parts) => {
    expectValid(url, parts);
  });

  const invalid: InvalidCase[] = [
    ['http://h/%',
     '         ^ bad-escape'],
    ['http://h/%4',
     '         ^ bad-escape'],
    ['http://h/%4g',
     '         ^ bad-escape'],
    ['http://h/%%41',
     '         ^ bad-escape'],
    ['http://h/%G1%',
     '         ^ bad-escape',
     '            ^ bad-escape'],
    // an escape does not run over the end of its part
    ['http://h/a%4?1',
     '          ^ bad-escape'],
  ];
  it.each(invalid)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });
});

// rule: character-encoding
describe('characters that must always be encoded', () => {
  const invalid: InvalidCase[] = [
    // "The space character is unsafe"
    ['http://h/a b',
     '          ^ space'],
    // "The characters "<" and ">" are unsafe", "the quote mark (""")"
    ['http://h/<>"',
     '         ^ unsafe-character',
     '          ^ unsafe-character',
     '           ^ unsafe-character'],
    // "Other characters are unsafe because gateways ... modify such characters."
    ['http://h/{}|\\^~[]`',
     '         ^ national-character',
     '          ^ national-character',
     '           ^ national-character',
     '            ^ national-character',
     '             ^ national-character',
     '              ^ national-character',
     '               ^ national-character',
     '                ^ national-character',
     '                 ^ national-character'],
    // "the octets 00-1F and 7F hexadecimal represent control characters"
    ['http://h/\u0000\u001f\u007f', 'control-character@9', 'control-character@10', 'control-character@11'],
    ['mailto:a\r\nb@c', 'control-character@8', 'control-character@9'],
    // "The octets 80-FF hexadecimal are not used in US-ASCII"
    // one error per run of such characters (RFC 3987 §3.1: an IRI's run), also outside the BMP; lone surrogates too
    ['http://h/\u0080\u00ff\u0100', 'non-ascii@9'],
    ['http://h/\u0080a\u00ff/\u0100', 'non-ascii@9', 'non-ascii@11', 'non-ascii@13'],
    ['http://h/\u{1f600}x\u{10ffff}', 'non-ascii@9', 'non-ascii@12'],
    ['http://h/\ud800x\udc00', 'non-ascii@9', 'non-ascii@11'],
    // bidirectional controls and invisible characters have their own code
    ['http://h/a\u202eb', 'invisible-character@10'],
    [
      'http://h/\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2066\u2067\u2068\u2069\ufeff',
      ...Array.from({ length: 16 }, (_, index) => `invisible-character@${9 + index}`),
    ],
    // their neighbours are only non-ASCII, one run
    ['http://h/\u200a\u2010\u2029\u202f\u205f\u2065\u206a\ufefe', 'non-ascii@9'],
    // a run ends at an invisible character
    ['http://h/\u00e9\u202e\u00e9', 'non-ascii@9', 'invisible-character@10', 'non-ascii@11'],
  ];
  it.each(invalid)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });
});

// rule: fragment
describe('Appendix: the fragment after "#"', () => {
  const valid: ValidCase[] = [
    ['http://h/p#frag', { host: 'h', urlPath: 'p', path: 'p', fragment: 'frag' }],
    ['http://h#', { host: 'h', fragment: '' }],
    ['http://h/?q#a/b?c;d', { host: 'h', urlPath: '?q', path: '', searchpart: 'q', fragment: 'a/b?c;d' }],
    ['mailto:a@b#x', { address: 'a@b', fragment: 'x' }],
    ['news:a.b#%20', { newsgroup: 'a.b', fragment: '%20' }],
    ['x-foo:a#b', { schemepart: 'a', fragment: 'b' }],
  ];
  it.each(valid)('%s', (url, parts) => {
    expectValid(url, parts);
  });

  const invalid: InvalidCase[] = [
    // the fragment's own characters are checked as *xchar
    ['http://h/#a b',
     '           ^ space'],
    ['http://h/#a#b',
     '           ^ unsafe-character'],
    ['http://h/#%z',
     '          ^ bad-escape'],
    // errors come in input order
    ['http://h/ #<',
     '         ^ space',
     '           ^ unsafe-character'],
    ['http://u@h/#~',
     '       ^ userinfo-not-allowed',
     '            ^ national-character'],
  ];
  it.each(invalid)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });

  it('splits at the first "#" before reading the scheme-specific part', () => {
    expect(parse('ftp://h/a#b;type=x').parts).toMatchObject({ name: 'a', fragment: 'b;type=x' });
    expect(parse('ftp://h/a#b;type=x').valid).toBe(true);
  });
});

describe('error collection', () => {
  it('collects every error, not only the first', () => {
    expect(errorList(parse('http://u@-h:x/a b?c/d#e#f'))).toEqual([
      'userinfo-not-allowed@7',
      'bad-host-label@9',
      'port-not-digits@12',
      'space@15',
      'reserved-character@19',
      'unsafe-character@23',
    ]);
  });

  it('stops at 100 errors with too-many-errors', () => {
    const result = parse('http://h/' + ' '.repeat(500));
    expect(result.errors).toHaveLength(101);
    expect(result.errors[99]).toMatchObject({ code: 'space', offset: 108 });
    expect(result.errors[100]).toMatchObject({ code: 'too-many-errors', offset: 109 });
  });

  it('past 100 errors, the parts are still read whole', () => {
    const path = '['.repeat(300);
    const result = parse(`http://h/${path}?q=${']'.repeat(50)}#f${' '.repeat(20)}`);
    expect(result.errors).toHaveLength(101);
    expect(result.errors.at(-1)).toMatchObject({ code: 'too-many-errors' });
    expect(result.parts).toMatchObject({ path, searchpart: `q=${']'.repeat(50)}`, fragment: `f${' '.repeat(20)}` });
  });

  it.each<[string, UrlParts]>([
    // the "?" is searched for up to the end of the URL, or up to its fragment
    ['http://h/a?b', { host: 'h', urlPath: 'a?b', path: 'a', searchpart: 'b', defaultPort: 80 }],
    ['http://h/a?b#c?d', { host: 'h', urlPath: 'a?b', path: 'a', searchpart: 'b', fragment: 'c?d', defaultPort: 80 }],
    ['http://h/a#c?d', { host: 'h', urlPath: 'a', path: 'a', fragment: 'c?d', defaultPort: 80 }],
  ])('%s: path, searchpart and fragment', (url, parts) => {
    expect(parse(url).parts).toEqual(parts);
  });
});

describe('a long stretch of allowed characters (searched many at a time) reports what follows it at its offset', () => {
  const run = 'a'.repeat(40);
  it.each([
    [`http://h.example/${run}%zz${run}^${run}é${run}%41${run}`, [['bad-escape', 57], ['national-character', 100], ['non-ascii', 141]]],
    [`ftp://h.example/${run}/${run}<${run}`, [['unsafe-character', 97]]],
    [`gopher://h.example/1${run}|${run}`, [['national-character', 60]]],
    [`http://h.example/${'%41'.repeat(20)}${run}${'%41'.repeat(20)}~${run}`, [['national-character', 177]]],
  ])('%#', (url, errors) => {
    expect(parse(url).errors.map((error) => [error.code, error.offset])).toEqual(errors);
  });
});
