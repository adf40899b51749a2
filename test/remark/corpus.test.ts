/**
 * The Markdown corpus: each `corpus/markdown/NAME.md` is scanned with
 * `scanMarkdown` (remark-parse, remark-gfm, remark-frontmatter) and compared
 * with `NAME.expected.json`; `NAME.FLAG.expected.json` holds the records
 * with option FLAG (`code`, `html`) set to true.
 *
 * After a deliberate change, rewrite the expected files with
 * `URLSIFT_UPDATE_FIXTURES=1 npx vitest run test/remark/corpus.test.ts`
 * and review the diff.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanMarkdown, type ScanMarkdownOptions } from '../../src/adapters/markdown/scan-markdown.js';
import type { UrlRecord } from '../../src/records/url-record.js';
import { loadHtmlNodes } from '../../src/adapters/markdown/walk/html-nodes.js';

// `scanMarkdown` loads the HTML adapter for `html: true` with `require` from the built package; from the sources it is loaded beforehand
beforeAll(async () => {
  await loadHtmlNodes();
});

const corpus = new URL('../../corpus/markdown/', import.meta.url);
const update = process.env.URLSIFT_UPDATE_FIXTURES === '1';

const documents = readdirSync(corpus)
  .filter((name) => name.endsWith('.md') && name !== 'README.md')
  .map((name) => name.slice(0, -'.md'.length))
  .sort();

interface Expectation {
  document: string;
  flags: string[];
  file: string;
}

const expectations: Expectation[] = readdirSync(corpus)
  .filter((name) => name.endsWith('.expected.json'))
  .map((file) => {
    const [document, ...flags] = file.slice(0, -'.expected.json'.length).split('.');
    return { document: document as string, flags, file };
  })
  .sort((a, b) => a.file.localeCompare(b.file));

/** What a fixture locks down of a record. */
function summary(record: UrlRecord) {
  return {
    url: record.url,
    raw: record.raw,
    form: record.form,
    start: { line: record.start.line, column: record.start.column },
    end: { line: record.end.line, column: record.end.column },
    alternatives: record.alternatives,
    valid: record.valid,
  };
}

/** JSON with two-space indentation, points on one line. */
function format(records: unknown[]): string {
  return JSON.stringify(records, null, 2).replace(
    /\{\n\s+"line": (\d+),\n\s+"column": (\d+)\n\s+\}/g,
    '{"line": $1, "column": $2}',
  );
}

function read(name: string): string {
  return readFileSync(new URL(name, corpus), 'utf8');
}

if (update) {
  for (const document of documents) {
    const file = `${document}.expected.json`;
    if (!existsSync(new URL(file, corpus))) expectations.push({ document, flags: [], file });
  }
  for (const { document, flags, file } of expectations) {
    const options = Object.fromEntries(flags.map((flag) => [flag, true])) as ScanMarkdownOptions;
    const records = scanMarkdown(read(`${document}.md`), options).map(summary);
    writeFileSync(new URL(file, corpus), `${format(records)}\n`);
  }
}

describe('corpus/markdown', () => {
  it.each(documents)('%s.md has expected records', (document) => {
    expect(expectations.some((expectation) => expectation.document === document)).toBe(true);
  });

  it.each(expectations)('$file', ({ document, flags, file }) => {
    const options = Object.fromEntries(flags.map((flag) => [flag, true])) as ScanMarkdownOptions;
    const records = scanMarkdown(read(`${document}.md`), options);
    expect(records.map(summary)).toEqual(JSON.parse(read(file)));
  });

  it.each(expectations)('$file: raw is the source between start and end', ({ document, flags }) => {
    const source = read(`${document}.md`);
    const options = Object.fromEntries(flags.map((flag) => [flag, true])) as ScanMarkdownOptions;
    for (const record of scanMarkdown(source, options)) {
      expect(source.slice(record.start.offset, record.end.offset)).toBe(record.raw);
      const lines = source.slice(0, record.start.offset).split('\n');
      expect(record.start.line).toBe(lines.length);
      expect(record.start.column).toBe((lines.at(-1) as string).length + 1);
    }
  });
});
