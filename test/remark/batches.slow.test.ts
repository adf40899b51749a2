/**
 * `scanMarkdownBatches` (the command's reading of a big Markdown file)
 * gives a document's records in batches as they are final, before the
 * document is read to its end: memory does not grow with the records of
 * a document. The batches together are the plugin's records.
 */
import { describe, expect, it } from 'vitest';
import { scanMarkdownBatches } from '../../src/adapters/markdown/scan-markdown.js';
import type { UrlRecord } from '../../src/records/url-record.js';
import { pluginRecords } from './process.js';

const units = 5000;

/** `units` pieces made by `piece`, one after the other. */
const made = (piece: (index: number) => string) => Array.from({ length: units }, (_, index) => piece(index)).join('');

/** A batch holds the records final at one step of the reading: a few thousand, never the whole document's. */
const batchBound = 2 * 4096;

/** The records of `markdown` as the batches give them, each batch checked, and when the first came. */
async function batchesOf(markdown: string): Promise<{ given: UrlRecord[]; batches: number; firstBeforeNote: boolean | undefined; remarkBytes: number }> {
  let noted = false;
  let remarkBytes = -1;
  let firstBeforeNote: boolean | undefined;
  const given: UrlRecord[] = [];
  let batches = 0;
  for (const batch of await scanMarkdownBatches(markdown, { onNote: () => (noted = true), onStats: (stats) => (remarkBytes = stats.remarkBytes) })) {
    firstBeforeNote ??= !noted;
    batches++;
    expect(batch.length).toBeLessThanOrEqual(batchBound);
    for (const record of batch) given.push(record);
  }
  return { given, batches, firstBeforeNote, remarkBytes };
}

describe('records given in batches as they are final, before the document is read to its end', () => {
  it.each([
    // [layout, document, is some of it handed to remark]
    ['each definition before its reference (definitions known beforehand)', made((i) => `[l${i}]: http://host${i}.example/p${i}\n\nSee [text ${i}][l${i}] here.\n\n`), false],
    ['each reference before its definition', made((i) => `See [text ${i}][l${i}] here.\n\n[l${i}]: http://host${i}.example/p${i}\n\n`), false],
    ['no definition, a URL a paragraph', made((i) => `See http://host${i}.example/p${i} here.\n\n`), false],
    ['no definition, paragraphs urlsift reads (strikethrough)', made((i) => `~~Old~~ see http://host${i}.example/p${i} here.\n\n`), false],
    // a tab after a line's first character: urlsift's own reader leaves the paragraph to remark
    ['no definition, paragraphs remark reads (a tab at the line\'s end)', made((i) => `Old note: see http://host${i}.example/p${i} here.\t\n\n`), true],
  ] as const)('%s', async (_, markdown, remarkReads) => {
    const { given, batches, remarkBytes } = await batchesOf(markdown);
    expect(batches).toBeGreaterThan(1);
    expect(remarkBytes).toBeGreaterThanOrEqual(0);
    expect(remarkBytes > 0).toBe(remarkReads);
    // in document order, and the plugin's records
    expect(given.map((record) => record.start.offset)).toEqual(given.map((record) => record.start.offset).sort((a, b) => a - b));
    expect(given).toEqual(pluginRecords(markdown));
  });

  it('a part read as plain text is scanned as its records are given: in batches too', async () => {
    // one line longer than a part may be (read as plain text, with a note), holding 70,000 URLs
    const markdown = `${'http://t.example/ '.repeat(70_000)}\n`;
    const { given, batches } = await batchesOf(markdown);
    expect(given.length).toBe(70_000);
    expect(batches).toBeGreaterThanOrEqual(70_000 / batchBound);
    expect(given[69_999]?.start.offset).toBe(69_999 * 'http://t.example/ '.length);
  });

  it('the first batch is given before the reading reaches a part at the end of the document', async () => {
    // the last line, longer than a part may be, is read as plain text, with a note, when the reading gets there
    const markdown = `${made((i) => `See http://host${i}.example/p${i} here.\n\n`)}${'x '.repeat(600_000)}http://last.example/\n`;
    const { given, firstBeforeNote } = await batchesOf(markdown);
    expect(firstBeforeNote).toBe(true);
    expect(given.length).toBe(units + 1);
    expect(given[units]?.url).toBe('http://last.example/');
  });
});
