/**
 * Properties: parse never throws; URLs generated from the §5 BNF parse as
 * valid and format back to themselves.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorCodes, format, parse } from '../../src/parse/index.js';
import { lowerScheme } from './helpers.js';

const numRuns = 300;

// --- §5 "Miscellaneous definitions" -------------------------------------
const chars = (text: string): fc.Arbitrary<string> => fc.constantFrom(...text);
const lowalphaText = 'abcdefghijklmnopqrstuvwxyz';
const alphaText = lowalphaText + lowalphaText.toUpperCase();
const digitText = '0123456789';
const safeText = '$-_.+';
const extraText = "!*'(),";
const reservedText = ';/?:@&=';

const alpha = chars(alphaText);
const digit = chars(digitText);
const alphadigit = chars(alphaText + digitText);
const hexChar = chars(digitText + 'ABCDEFabcdef');
const escape = fc.tuple(hexChar, hexChar).map(([high, low]) => `%${high}${low}`);
const unreserved = chars(alphaText + digitText + safeText + extraText);
const uchar = fc.oneof({ weight: 6, arbitrary: unreserved }, { weight: 1, arbitrary: escape });
const xchar = fc.oneof({ weight: 6, arbitrary: uchar }, { weight: 2, arbitrary: chars(reservedText) });

/** `*[ uchar | "x" | ... ]` */
const ucharOr = (extra: string): fc.Arbitrary<string> =>
  fc.oneof({ weight: 4, arbitrary: uchar }, { weight: 1, arbitrary: chars(extra) });
const star = (unit: fc.Arbitrary<string>, maxLength = 8): fc.Arbitrary<string> =>
  fc.array(unit, { maxLength }).map((units) => units.join(''));
const plus = (unit: fc.Arbitrary<string>, maxLength = 8): fc.Arbitrary<string> =>
  fc.array(unit, { minLength: 1, maxLength }).map((units) => units.join(''));
const optional = (arbitrary: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.option(arbitrary, { nil: undefined }).map((value) => value ?? '');
const digits = plus(digit, 4);

// --- §5 ip-schemepart ---------------------------------------------------
const labelInside = star(fc.oneof(alphadigit, fc.constant('-')), 5);
const domainlabel = fc.oneof(
  alphadigit,
  fc.tuple(alphadigit, labelInside, alphadigit).map((pieces) => pieces.join('')),
);
const toplabel = fc.oneof(alpha, fc.tuple(alpha, labelInside, alphadigit).map((pieces) => pieces.join('')));
const hostname = fc
  .tuple(fc.array(domainlabel, { maxLength: 3 }), toplabel)
  .map(([labels, top]) => [...labels, top].join('.'));
const hostnumber = fc.array(plus(digit, 3), { minLength: 4, maxLength: 4 }).map((groups) => groups.join('.'));
const host = fc.oneof({ weight: 3, arbitrary: hostname }, { weight: 1, arbitrary: hostnumber });
/** A port without leading zeros (format writes the number). */
const port = fc.integer({ min: 0, max: 65_535 }).map(String);
const hostport = fc.tuple(host, optional(port.map((value) => `:${value}`))).map(([name, value]) => name + value);
const user = star(ucharOr(';?&='));
const password = star(ucharOr(';?&='));
const login = fc
  .tuple(optional(fc.tuple(user, optional(password.map((value) => `:${value}`))).map(([a, b]) => `${a}${b}@`)), hostport)
  .map(([userinfo, rest]) => userinfo + rest);

// --- §5 the schemes ------------------------------------------------------
const fsegment = star(ucharOr('?:@&='));
const fpath = fc.array(fsegment, { minLength: 1, maxLength: 4 }).map((segments) => segments.join('/'));
const ftptype = chars('AIDaid');
const ftpurl = fc
  .tuple(login, optional(fc.tuple(fpath, optional(ftptype.map((code) => `;type=${code}`))).map(([a, b]) => `/${a}${b}`)))
  .map(([a, b]) => `ftp://${a}${b}`);

const fileurl = fc
  .tuple(fc.oneof(fc.constant(''), fc.constant('localhost'), host), fpath)
  .map(([name, path]) => `file://${name}/${path}`);

const hsegment = star(ucharOr(';:@&='));
const hpath = fc.array(hsegment, { minLength: 1, maxLength: 4 }).map((segments) => segments.join('/'));
const search = star(ucharOr(';:@&='));
const httpurl = fc
  .tuple(
    fc.constantFrom('http', 'https'),
    hostport,
    optional(fc.tuple(hpath, optional(search.map((value) => `?${value}`))).map(([a, b]) => `/${a}${b}`)),
  )
  .map(([scheme, a, b]) => `${scheme}://${a}${b}`);

const gopherPath = fc
  .tuple(xchar, star(xchar), optional(fc.tuple(star(xchar), optional(star(xchar).map((value) => `%09${value}`))).map(([a, b]) => `%09${a}${b}`)))
  .map((pieces) => pieces.join(''));
const gopherurl = fc
  .tuple(hostport, optional(optional(gopherPath).map((path) => `/${path}`)))
  .map(([a, b]) => `gopher://${a}${b}`);

// an address has its `@` (RFC 822 addr-spec)
const mailtourl = fc.tuple(star(xchar, 6), star(xchar, 6)).map(([local, domain]) => `mailto:${local}@${domain}`);

const group = fc.tuple(alpha, star(chars(alphaText + digitText + '-.+_'))).map(([a, b]) => a + b);
const article = fc.tuple(plus(ucharOr(';/?:&=')), host).map(([unique, name]) => `${unique}@${name}`);
const newsurl = fc.oneof(fc.constant('*'), group, article).map((part) => `news:${part}`);

const nntpurl = fc
  .tuple(hostport, group, optional(digits.map((value) => `/${value}`)))
  .map(([a, b, c]) => `nntp://${a}/${b}${c}`);

const telneturl = fc.tuple(login, optional(fc.constant('/'))).map(([a, b]) => `telnet://${a}${b}`);

const waisurl = fc
  .tuple(
    hostport,
    star(uchar),
    fc.oneof(
      fc.constant(''),
      search.map((value) => `?${value}`),
      fc.tuple(star(uchar), star(uchar)).map(([wtype, wpath]) => `/${wtype}/${wpath}`),
    ),
  )
  .map(([a, database, rest]) => `wais://${a}/${database}${rest}`);

const psegment = star(ucharOr('?:@&='));
const ppath = fc.array(psegment, { minLength: 1, maxLength: 3 }).map((segments) => segments.join('/'));
const fieldspec = fc
  .tuple(star(ucharOr('?:@&')), star(ucharOr('?:@&')))
  .map(([name, value]) => `;${name}=${value}`);
const prosperourl = fc
  .tuple(hostport, ppath, fc.array(fieldspec, { maxLength: 3 }))
  .map(([a, path, fields]) => `prospero://${a}/${path}${fields.join('')}`);

const known = new Set(['ftp', 'http', 'https', 'gopher', 'mailto', 'news', 'nntp', 'telnet', 'wais', 'file', 'prospero']);
const scheme = plus(chars(lowalphaText + digitText + '+-.'), 6).filter((name) => !known.has(name));
const otherurl = fc.tuple(scheme, star(xchar, 16)).map(([name, part]) => `${name}:${part}`);

const fragment = optional(star(xchar).map((value) => `#${value}`));
const url = fc
  .tuple(
    fc.oneof(ftpurl, fileurl, httpurl, gopherurl, mailtourl, newsurl, nntpurl, telneturl, waisurl, prosperourl, otherurl),
    fragment,
  )
  .map(([body, tail]) => body + tail);

// --- arbitrary strings ----------------------------------------------------
const codeUnit = fc.integer({ min: 0, max: 0xff_ff }).map((code) => String.fromCharCode(code));
const urlish = fc
  .array(
    fc.constantFrom(
      'http', 'HTTP', 'ftp', 'news', 'mailto', 'gopher', 'nntp', 'telnet', 'wais', 'file', 'prospero', 'x',
      ':', '//', '/', '@', '%', '%0', '%09', '%41', '#', ';type=', ';', '=', '?', '.', '-', '*', 'a', '1',
      '0', ' ', '~', '<', '\u0000', '\ud800', '\udc00', '\u{1f600}', 'é', 'localhost', '65536',
    ),
    { maxLength: 24 },
  )
  .map((pieces) => pieces.join(''));
const anyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: codeUnit }),
  fc.string({ unit: 'binary', maxLength: 2000 }),
  urlish,
);

describe('parse on any string', () => {
  it('never throws, and returns a consistent result', () => {
    fc.assert(
      fc.property(anyString, (input) => {
        const result = parse(input);
        expect(result.input).toBe(input);
        expect(result.valid).toBe(result.errors.length === 0);
        let previous = 0;
        for (const error of result.errors) {
          expect(Object.hasOwn(errorCodes, error.code)).toBe(true);
          expect(error.offset).toBeGreaterThanOrEqual(previous);
          expect(error.offset).toBeLessThanOrEqual(input.length);
          previous = error.offset;
        }
        expect(() => format(result)).not.toThrow();
      }),
      { numRuns: numRuns * 2 },
    );
  });

  it('a valid URL formats to a URL that parses to the same parts', () => {
    fc.assert(
      fc.property(urlish, (input) => {
        const result = parse(input);
        if (!result.valid) return;
        const again = parse(format(result));
        expect(again.valid).toBe(true);
        expect(again.parts).toEqual(result.parts);
      }),
      { numRuns },
    );
  });
});

describe('URLs generated from the BNF', () => {
  it('parse as valid and format back to themselves', () => {
    fc.assert(
      fc.property(url, (generated) => {
        const result = parse(generated);
        expect(result.errors).toEqual([]);
        expect(result.valid).toBe(true);
        expect(format(result)).toBe(generated);
      }),
      { numRuns },
    );
  });

  it('parse as valid with the scheme in any case; format writes it lower-cased', () => {
    const mixedCase = fc
      .tuple(url, fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }))
      .map(([generated, upper]) => {
        const colon = generated.indexOf(':');
        const name = [...generated.slice(0, colon)].map((char, index) => (upper[index % 8] ? char.toUpperCase() : char));
        return name.join('') + generated.slice(colon);
      });
    fc.assert(
      fc.property(mixedCase, (generated) => {
        const result = parse(generated);
        expect(result.valid).toBe(true);
        expect(format(result)).toBe(lowerScheme(generated));
      }),
      { numRuns },
    );
  });

  it('each scheme has its own parts (ftp cwd/name, http path, ...)', () => {
    fc.assert(
      fc.property(fc.tuple(ftpurl, httpurl, nntpurl), ([ftp, http, nntp]) => {
        const ftpParts = parse(ftp).parts;
        expect(ftpParts.urlPath === undefined || Array.isArray(ftpParts.cwd)).toBe(true);
        const httpParts = parse(http).parts;
        expect(httpParts.urlPath === undefined || typeof httpParts.path === 'string').toBe(true);
        expect(typeof parse(nntp).parts.newsgroup).toBe('string');
      }),
      { numRuns: 100 },
    );
  });
});
