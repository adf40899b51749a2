/**
 * Shapes that make a Markdown parser slow or overflow its stack are read
 * as plain text past a budget, with a note: nothing found is lost. The
 * inputs are small; the limits are made small to match.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scanMarkdown, scanMarkdownInParts } from '../../src/adapters/markdown/scan-markdown.js';
import { defaultPartLimits, type MarkdownNote, type PartLimits } from '../../src/adapters/markdown/document/read-parts.js';

function read(markdown: string, limits: Partial<PartLimits> = {}, options: { code?: boolean } = {}) {
  const notes: MarkdownNote[] = [];
  const records = scanMarkdownInParts(markdown, { ...options, onNote: (note) => notes.push(note) }, { ...defaultPartLimits, ...limits });
  return { urls: records.map((record) => record.url), records, notes: notes.map((note) => `${note.line}: ${note.message}`) };
}

// rule: markdown-budgets
describe('budgets', () => {
  it('100 KB of nested `>`: read as text, the URL kept, no stack overflow', () => {
    const markdown = `intro http://a.example/\n\n${'>'.repeat(100_000)} http://b.example/deep\n\nafter http://c.example/\n`;
    const { urls, notes, records } = read(markdown, { partSize: 16 });
    expect(urls).toEqual(['http://a.example/', 'http://b.example/deep', 'http://c.example/']);
    expect(notes).toEqual([expect.stringMatching(/^3: lines 3–4 read as plain text: nested more than 256 columns deep \(line 3\)$/)]);
    expect(records[2]?.start).toEqual({ line: 5, column: 7, offset: markdown.indexOf('http://c') });
  });

  it('a small document nested too deep is read as text too', () => {
    const { urls, notes } = read(`${'> '.repeat(300)}see http://a.example/\n`);
    expect(urls).toEqual(['http://a.example/']);
    expect(notes).toHaveLength(1);
  });

  it('nested list markers and indentation count', () => {
    const lines = Array.from({ length: 200 }, (_, depth) => `${'  '.repeat(depth)}- item http://a.example/${depth}`).join('\n');
    const { urls, notes } = read(lines, { maxNesting: 64 });
    expect(urls).toHaveLength(200);
    expect(notes).toEqual([expect.stringMatching(/nested more than 64 columns deep \(line 33\)$/)]);
  });

  it('a long line of dashes or spaces is not nesting', () => {
    const { notes } = read(`a\n${'-'.repeat(1000)}\n${' '.repeat(1000)}\n\n${'* '.repeat(4)}\n`);
    expect(notes).toEqual([]);
  });

  it('200,000 `[`: read as text', () => {
    const { urls, notes } = read(`a http://a.example/\n\n${'['.repeat(200_000)} http://b.example/\n`, { partSize: 16 });
    expect(urls).toEqual(['http://a.example/', 'http://b.example/']);
    expect(notes).toEqual([expect.stringMatching(/^3: line 3 read as plain text: 200000 `\[` open at once \(more than 1000\)$/)]);
  });

  it('`[` nested deep and closed again: read as text (each `]` makes the parser look back)', () => {
    const { urls, notes } = read(`a http://a.example/\n\n${'['.repeat(50)}http://b.example/${']'.repeat(50)}\n\nc http://c.example/\n`, { partSize: 16, maxOpenBrackets: 20 });
    expect(urls).toEqual(['http://a.example/', 'http://b.example/', 'http://c.example/']);
    expect(notes).toEqual(['3: lines 3–4 read as plain text: 50 `[` open at once (more than 20)']);
  });

  it('a paragraph with more emphasis runs than the budget: read as text', () => {
    const markdown = `a http://a.example/\n\n${'*_a**__b'.repeat(30)} http://b.example/ ${'*_a**__b'.repeat(30)}\n\nc http://c.example/\n`;
    const { urls, notes } = read(markdown, { partSize: 16, maxEmphasisRuns: 100 });
    expect(urls).toEqual(['http://a.example/', 'http://b.example/', 'http://c.example/']);
    expect(notes).toEqual(['3: lines 3–4 read as plain text: more than 100 runs of `*`, `_` or `~` in the paragraph of line 3']);
  });

  it('emphasis runs count by paragraph, and line by line in a table', () => {
    const row = `| ${'**b** '.repeat(20)} | http://a.example/ |\n`;
    const table = `| a | b |\n| - | - |\n${row.repeat(10)}`;
    const paragraphs = `${'*a* '.repeat(20)}\n\n`.repeat(10);
    const { urls, notes } = read(`${table}\n${paragraphs}`, { maxEmphasisRuns: 50 });
    expect(urls).toHaveLength(10);
    expect(notes).toEqual([]);
  });

  it('many lines nested deep in one part (remark holds memory for every marker of every line): read as text', () => {
    const markdown = `a http://a.example/\n\n${`${'>'.repeat(30)} x http://b.example/\n`.repeat(20)}\nc http://c.example/\n`;
    const { urls, notes } = read(markdown, { partSize: 16, maxContainerColumns: 500 });
    expect(urls).toEqual(['http://a.example/', ...Array(20).fill('http://b.example/'), 'http://c.example/']);
    expect(notes).toEqual(['3: lines 3–23 read as plain text: 620 columns of block-quote and list markers (more than 500)']);
  });

  it('a unit longer than maxPartSize is not given to the unit reader either: a big table is read as text', () => {
    const table = `| a | b |\n| - | - |\n${'| http://a.example/ | x |\n'.repeat(100)}`;
    const { urls, notes } = read(`${table}\nafter [b](http://b.example/)\n`, { maxPartSize: 1024 });
    expect(urls).toEqual([...Array(100).fill('http://a.example/'), 'http://b.example/']);
    expect(notes).toEqual(['1: lines 1–103 read as plain text: 2621 characters without a place to cut them (a block left open, or no blank line)']);
  });

  it('a fence longer than maxPartSize, closed, then URLs: read as text to its closing fence, then as Markdown again (nothing lost)', () => {
    const markdown = `a http://a.example/\n\`\`\`\n${'x http://b.example/\n\n'.repeat(100)}\`\`\`\n\nc [http://c.example/](http://c.example/)\n\n\`\`\`\nhttp://d.example/\n\`\`\`\n`;
    const { urls, notes, records } = read(markdown, { partSize: 16, maxPartSize: 1024 });
    expect(urls).toEqual(['http://a.example/', ...Array(100).fill('http://b.example/'), 'http://c.example/']);
    expect(records.at(-1)?.form).toBe('markdown-link');
    expect(notes).toEqual(['1: lines 1–204 read as plain text: 1032 characters without a place to cut them (a block left open, or no blank line)']);
  });

  it('an HTML block of kinds 1–5 left open past a budget: read as text to its end', () => {
    // quotes nested deeper than the unit reader reads them, then the comment (which ends them): a part for remark, past its budget
    const markdown = `${'>'.repeat(20)} q\n<!-- a\n\nhttp://a.example/\n\n-->\n\nb [x](http://b.example/) \`http://c.example/\`\n`;
    const { records, notes } = read(markdown, { partSize: 16, maxNesting: 10 });
    expect(records.map((record) => [record.url, record.form])).toEqual([
      ['http://a.example/', 'bare'],
      ['http://b.example/', 'markdown-link'],
    ]);
    expect(notes).toEqual(['1: lines 1–7 read as plain text: nested more than 10 columns deep (line 1)']);
  });

  it('balanced brackets are no reason', () => {
    const { urls, notes } = read(`${'[a](http://a.example/) '.repeat(5000)}\n`);
    expect(urls).toHaveLength(5000);
    expect(notes).toEqual([]);
  });

  it('a part longer than maxPartSize (no blank line) is read as text', () => {
    const markdown = `a http://a.example/\n\n${'['.repeat(5000)} http://b.example/ ${'['.repeat(5000)}\n\nc http://c.example/`;
    const { urls, notes } = read(markdown, { partSize: 16, maxPartSize: 4096, maxOpenBrackets: Number.POSITIVE_INFINITY });
    expect(urls).toEqual(['http://a.example/', 'http://b.example/', 'http://c.example/']);
    expect(notes).toEqual([expect.stringMatching(/^3: lines 3–4 read as plain text: 10021 characters without a place to cut them/)]);
  });

  it('an unclosed fence longer than maxPartSize is read as text from there on (code asked for)', () => {
    const markdown = `a http://a.example/\n\n\`\`\`\n${'x http://b.example/\n\n'.repeat(400)}`;
    const { urls, notes } = read(markdown, { partSize: 16, maxPartSize: 1024 }, { code: true });
    expect(urls[0]).toBe('http://a.example/');
    expect(urls.filter((url) => url === 'http://b.example/')).toHaveLength(400);
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) expect(note).toMatch(/read as plain text: \d+ characters without a place to cut them/);
  });

  it('an unclosed fence without code asked for holds no record: passed over, no note', () => {
    const markdown = `a http://a.example/\n\n\`\`\`\n${'x http://b.example/\n\n'.repeat(400)}`;
    const { urls, notes } = read(markdown, { partSize: 16, maxPartSize: 1024 });
    expect(urls).toEqual(['http://a.example/']);
    expect(notes).toEqual([]);
  });

  it('past the time budget the rest is read as text', () => {
    const { urls, notes } = read('a http://a.example/\n\nb `http://b.example/`', { timeBudget: { fixedMs: -1, perCharacterMs: 0 } });
    // as text, code is not code any more: nothing is lost
    expect(urls).toEqual(['http://a.example/', 'http://b.example/']);
    expect(notes).toEqual(['1: lines 1–3 read as plain text: reading it as Markdown took longer than its budget (0 s)']);
  });

  describe('the clock, read before the first unit, then every 64 units or 64 KiB', () => {
    afterEach(() => vi.restoreAllMocks());

    /** A clock that stands still for its first `reads` readings, then jumps a day on. */
    function clockJumpingAfter(reads: number) {
      let read = 0;
      return vi.spyOn(performance, 'now').mockImplementation(() => (read++ < reads ? 0 : 86_400_000));
    }

    it.each([
      // [what, unit, units, clock readings before the jump, the unit reading as text starts at, readings in all]
      ['small units: every 64 units', 'u http://a.example/\n\n', 300, 3, 128, 4],
      ['40 KiB units: every second unit (64 KiB read since)', `${'word '.repeat(8192)}http://a.example/\n\n`, 8, 2, 2, 3],
    ])('%s', (_, unit, units, reads, textFrom, readings) => {
      const clock = clockJumpingAfter(reads);
      const markdown = unit.repeat(units);
      const { urls, notes } = read(markdown);
      const { fixedMs, perCharacterMs } = defaultPartLimits.timeBudget;
      const seconds = Math.round((fixedMs + perCharacterMs * markdown.length) / 1000);
      // nothing lost; the rest read as text from the first unit where the clock was read past the budget
      expect(urls).toEqual(Array.from({ length: units }, () => 'http://a.example/'));
      const line = unit.split('\n').length - 1;
      expect(notes).toEqual([`${textFrom * line + 1}: lines ${textFrom * line + 1}–${units * line} read as plain text: reading it as Markdown took longer than its budget (${seconds} s)`]);
      expect(clock).toHaveBeenCalledTimes(readings);
    });
  });

  it('without budgets reached: no note, the plugin reading', () => {
    const { urls, notes } = read('a http://a.example/\n\nb `http://b.example/`');
    expect(urls).toEqual(['http://a.example/']);
    expect(notes).toEqual([]);
  });

  it('scanMarkdown checks onNote', () => {
    expect(() => scanMarkdown('a', { onNote: 1 as never })).toThrow(new TypeError('Expected option `onNote` to be a function, got number'));
  });

  it('16 MB that can hold no URL is passed over in time that grows with its size', () => {
    // no `<`, `[`, `]` or backtick to find: a search that ran on to the end of the
    // document for each unit or line made this quadratic (1 MB took 1.2 s, 16 MB
    // would take minutes); read in about 2 s, the test's 120 s bound is for hangs
    const unit = 'Plain words, and a colon: nothing to find\n\n';
    const markdown = unit.repeat(Math.ceil(16e6 / unit.length));
    const stats: Array<{ bytes: number; remarkBytes: number }> = [];
    const records = scanMarkdown(markdown, { onStats: (read) => stats.push(read) });
    expect(records).toEqual([]);
    expect(stats).toEqual([{ bytes: markdown.length, remarkBytes: 0 }]);
  });
});
