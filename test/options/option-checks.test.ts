/**
 * Every entry point checks its options the same way: the scan options are
 * one list, whichever adapter takes them, and a wrong type gives the same
 * `TypeError`.
 */
import { describe, expect, it } from 'vitest';
import { resolveHtmlOptions } from '../../src/adapters/html/html-options.js';
import { resolveMailOptions } from '../../src/adapters/mail/mail-options.js';
import { resolveOptions as resolveMarkdownOptions } from '../../src/adapters/markdown/plugin/options.js';
import { resolveScanOptions, scanOptionKeys } from '../../src/scanner/scan-options.js';

const sample: Record<string, unknown> = {
  schemes: ['http'],
  schemeless: true,
  emails: true,
  hyphen: 'drop',
  strict: true,
  maxWrapperLength: 100,
};

describe('the scan options, one list', () => {
  it('the sample names every scan option', () => {
    expect(Object.keys(sample).sort()).toEqual([...scanOptionKeys].sort());
  });

  it.each([...scanOptionKeys])('%s is taken alike by the scanner, HTML, mail and Markdown', (key) => {
    const options = { [key]: sample[key] };
    const scan = resolveScanOptions(options);
    expect(resolveHtmlOptions(options).resolved).toEqual(scan);
    expect(resolveMailOptions(options).scan).toEqual(scan);
    expect(resolveMarkdownOptions(options).resolvedScan).toEqual(scan);
  });
});

describe('the same TypeError', () => {
  it.each([
    ['options that are not an object', 'x', 'Expected options to be an object, got string'],
    ['null options', null, 'Expected options to be an object, got null'],
  ])('%s', (_, options, message) => {
    expect(() => resolveScanOptions(options as never)).toThrow(new TypeError(message));
    expect(() => resolveHtmlOptions(options as never)).toThrow(new TypeError(message));
    expect(() => resolveMailOptions(options as never)).toThrow(new TypeError(message));
  });

  it('a boolean option given a string', () => {
    const message = (name: string) => new TypeError(`Expected option \`${name}\` to be a boolean, got string`);
    expect(() => resolveScanOptions({ strict: 'yes' as never })).toThrow(message('strict'));
    expect(() => resolveHtmlOptions({ scripts: 'yes' as never })).toThrow(message('scripts'));
    expect(() => resolveMarkdownOptions({ link: 'yes' as never })).toThrow(message('link'));
  });
});
