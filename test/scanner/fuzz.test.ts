/**
 * The scanner never throws on input, and what it reports is consistent with
 * the input, for arbitrary text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ScanOptions, UrlRecord } from '../../src/index.js';
import { createScanner, scan } from '../../src/index.js';

/** Text built from the pieces that matter to the scanner, so fuzzing reaches its states. */
const pieces = fc.constantFrom(
  '<', '>', '<URL:', '<url: ', 'http:', 'http://', '//', 'ftp://', 'mailto:', 'news:', 'URL:', ':', '@', 'www.',
  '-', '-\n', '\n', '\r\n', '\r', ' ', '\t', '\u00a0', '"', "'", '(', ')', '[', ']', '.', ',', '%', '%2F', '#',
  'a', 'example.com', '/x', '日本', '\u3002', '\ufffd', '\u0000', '\ud800', 'x.y', 'z',
  'svn+ssh://', 'foo:', 'spam.', ')(', "'/>", '|', '1.2.3', '-x', '..', '形式', '\u{20000}', '{', '}',
  // the rules for IRIs, hosts, addresses, glued schemes and hyphen breaks
  '\u202e', '\u2066', '\ufffc', '\\', '\\.', ':٨٠', '12345', 'fe80::1', "o'", "'", '=', '--to=', '*', '~',
  'WWW.', 'Www.', 'great', 'tftp', '-\r\n  ', '-\n\n', 'é', 'xn--', '[::1]', '!',
);
const text = fc.oneof(
  fc.array(pieces, { maxLength: 60 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

describe('fuzz', () => {
  it.each([{}, { emails: true, schemeless: true }, { strict: true, hyphen: 'drop' as const, maxWrapperLength: 16 }])(
    'never throws and reports spans that match the input (options %j)',
    (options) => {
      fc.assert(
        fc.property(text, (input) => {
          const records = scan(input, options);
          let previousEnd = 0;
          for (const record of records) {
            expect(record.start.offset).toBeGreaterThanOrEqual(previousEnd);
            expect(record.end.offset).toBeGreaterThan(record.start.offset);
            expect(input.slice(record.start.offset, record.end.offset)).toBe(record.raw);
            expect(record.url.length).toBeGreaterThan(0);
            expect(record.url).not.toMatch(/[ \t\r\n\f\v\u00a0<>]/u);
            previousEnd = record.end.offset;
          }
        }),
        { numRuns: 1000 },
      );
    },
  );

  it.each([{}, { emails: true, schemeless: true }, { maxWrapperLength: 16, hyphen: 'drop' as const }])(
    'any text split anywhere gives the same records as the whole (options %j)',
    (options: ScanOptions) => {
      fc.assert(
        fc.property(
          fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join('')),
          fc.array(fc.nat(), { maxLength: 6 }),
          (input, cuts) => {
            const points = [...new Set(cuts.map((cut) => cut % (input.length + 1)))].sort((a, b) => a - b);
            const scanner = createScanner(options);
            const records: UrlRecord[] = [];
            let from = 0;
            for (const point of [...points, input.length]) {
              records.push(...scanner.write(input.slice(from, point)));
              from = point;
            }
            records.push(...scanner.end());
            expect(records).toEqual(scan(input, options));
          },
        ),
        { numRuns: 2000 },
      );
    },
  );

  // rule: bare-url-length-cap
  it('does not throw on a huge line', () => {
    const line = `http://example.com/${'a'.repeat(200_000)} and <URL:${'b'.repeat(10_000)}`;
    const records = scan(line);
    expect(records[0]?.url.length).toBe(65_536);
  });
});
