/**
 * Test tables for the parser. A valid case is `[url, parts]` (parts without
 * `defaultPort`, which scheme-table.test.ts checks). An invalid case is
 * `[url, ...errors]`, each error either a caret line under the URL:
 *
 * ```
 * ['http://-a.com',
 *  '       ^ bad-host-label'],
 * ```
 *
 * or `code@offset` where the URL holds characters a caret cannot line up
 * with (controls, non-ASCII).
 */
import { expect } from 'vitest';
import { errorCodes, format, parse, type ParsedUrl, type UrlParts } from '../../src/parse/index.js';

export type ValidCase = readonly [url: string, parts: UrlParts];
export type InvalidCase = readonly [url: string, ...errors: string[]];

/** `code@offset` for each error of a result. */
export function errorList(result: ParsedUrl): string[] {
  return result.errors.map((error) => `${error.code}@${error.offset}`);
}

/** A caret line (`'   ^ code'`) or `code@offset` → `code@offset`. */
export function normalizeError(line: string): string {
  const caret = line.indexOf('^');
  if (caret === -1) return line;
  return `${line.slice(caret + 1).trim()}@${caret}`;
}

/** Parts without `defaultPort`. */
export function ownParts(parts: UrlParts): UrlParts {
  const { defaultPort: _defaultPort, ...rest } = parts;
  return rest;
}

/** The URL with its scheme lower-cased, as `format` writes it. */
export function lowerScheme(url: string): string {
  const colon = url.indexOf(':');
  return colon === -1 ? url : url.slice(0, colon).toLowerCase() + url.slice(colon);
}

/** Parse a URL that must be valid, with exactly `parts`, and format back to itself. */
export function expectValid(url: string, parts: UrlParts): ParsedUrl {
  const result = parse(url);
  expect(errorList(result)).toEqual([]);
  expect(result.valid).toBe(true);
  expect(ownParts(result.parts)).toEqual(parts);
  expect(format(result)).toBe(lowerScheme(url));
  return result;
}

/** Parse a URL that must be invalid with exactly `errors` (in order). */
export function expectErrors(url: string, errors: readonly string[]): ParsedUrl {
  const result = parse(url);
  expect(errorList(result)).toEqual(errors.map(normalizeError));
  expect(result.valid).toBe(false);
  for (const error of result.errors) expect(error.message).toMatch(messagePattern(error.code));
  return result;
}

/** An error's message: the table's sentence, or for `non-ascii` its run of characters and their encoding. */
export function messagePattern(code: keyof typeof errorCodes): RegExp {
  if (code === 'non-ascii') return /^Characters outside US-ASCII must be encoded as UTF-8 octets: "[^"]+" is "(%[0-9A-F]{2})+…?"(; in a host name, IDNA writes the label "[^"]+" as "xn--[a-z0-9-]+")?$/u;
  return new RegExp(`^${errorCodes[code].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'u');
}
