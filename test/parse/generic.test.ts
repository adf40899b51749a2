/**
 * §5 otherurl = genericurl; genericurl = scheme ":" schemepart;
 * schemepart = *xchar | ip-schemepart. Also §2.1 scheme names.
 */
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/parse/index.js';
import { expectErrors, expectValid, type InvalidCase, type ValidCase } from './helpers.js';

// rule: generic-url
describe('generic valid', () => {
  const cases: ValidCase[] = [
    ['x-foo:bar', { schemepart: 'bar' }],
    ['x-foo:', { schemepart: '' }],
    ["afs:/a;b?c:d@e&f=g$-_.+!*'(),%7E", { schemepart: "/a;b?c:d@e&f=g$-_.+!*'(),%7E" }],
    ['z39.50s://h', { schemepart: '//h', host: 'h' }],
    ['tn3270://u:p@h.dom:99/x/y', {
      schemepart: '//u:p@h.dom:99/x/y', user: 'u', password: 'p', host: 'h.dom', port: 99, urlPath: 'x/y',
    }],
    // an ip-schemepart that does not read as one is still *xchar
    ['x://a_b:c:d/', { schemepart: '//a_b:c:d/' }],
    // scheme = 1*[ lowalpha | digit | "+" | "-" | "." ], case-ignored
    ['1+2-3.4:x', { schemepart: 'x' }],
    ['X-Foo:y', { schemepart: 'y' }],
  ];
  it.each(cases)('%s', (url, parts) => {
    expectValid(url, parts);
  });

  it('lower-cases the scheme', () => {
    expect(parse('X-Foo:y').scheme).toBe('x-foo');
    expect(parse('HtTp://h').scheme).toBe('http');
  });
});

// rule: scheme-syntax
describe('generic invalid', () => {
  const cases: InvalidCase[] = [
    ['',
     '^ missing-scheme'],
    ['www.example.com',
     '^ missing-scheme'],
    [':x',
     '^ missing-scheme'],
    ['x#a:b',
     '^ missing-scheme'],
    ['a_b:c',
     ' ^ bad-scheme'],
    ['a b:c',
     ' ^ space'],
    ['x-foo:a b',
     '       ^ space'],
    ['x-foo:a%',
     '       ^ bad-escape'],
    ['x-foo:[x]',
     '      ^ national-character',
     '        ^ national-character'],
  ];
  it.each(cases)('%s', (url, ...errors) => {
    expectErrors(url, errors);
  });

  it('has no scheme and no parts without a ":"', () => {
    expect(parse('www.example.com')).toMatchObject({ scheme: '', valid: false, parts: {} });
  });
});
