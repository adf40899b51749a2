/**
 * remark is loaded when a document first needs it: a document the unit
 * reader reads whole is read without it (the command on a small file
 * starts without loading remark).
 */
import { describe, expect, it, vi } from 'vitest';
import { pluginRecords } from './process.js';

/** Read by the unit reader whole. */
const readAlone = 'See http://a.example/ and [b](http://b.example/).\n';
/** Strikethrough: handed to remark. */
const needsRemark = 'See http://a.example/\n\n~~http://q.example/~~\n';
/** A paragraph past a budget (read as plain text: a note), then one handed to remark. */
const noteAndRemark = `See http://a.example/ ${'*a '.repeat(2100)}\n\n~~http://q.example/~~\n`;

/** scan-markdown.ts as a fresh module, remark not loaded. */
async function fresh() {
  vi.resetModules();
  return import('../../src/adapters/markdown/scan-markdown.js');
}

describe('remark loaded when a document first needs it', () => {
  it('a document the unit reader reads whole: read without remark', async () => {
    const { scanMarkdown } = await fresh();
    expect(scanMarkdown(readAlone)).toEqual(pluginRecords(readAlone));
  });

  it('a document that needs remark: the synchronous call says so; scanMarkdownLoaded loads it and reads it', async () => {
    const { scanMarkdown, scanMarkdownLoaded } = await fresh();
    expect(() => scanMarkdown(needsRemark)).toThrow(new TypeError('scanMarkdown needs remark for this document: await loadRemark() first, or call scanMarkdownLoaded'));
    expect(await scanMarkdownLoaded(needsRemark)).toEqual(pluginRecords(needsRemark));
    expect(scanMarkdown(needsRemark)).toEqual(pluginRecords(needsRemark));
  });

  it('notes and stats of a document read again once remark is loaded are told once', async () => {
    const { scanMarkdownLoaded } = await fresh();
    const first = { notes: [] as string[], stats: [] as unknown[] };
    const records = await scanMarkdownLoaded(noteAndRemark, { onNote: (note) => first.notes.push(note.message), onStats: (stats) => first.stats.push(stats) });
    const again = { notes: [] as string[], stats: [] as unknown[] };
    expect(await scanMarkdownLoaded(noteAndRemark, { onNote: (note) => again.notes.push(note.message), onStats: (stats) => again.stats.push(stats) })).toEqual(records);
    expect(first.notes).toHaveLength(1);
    expect(first).toEqual(again);
    expect(first.stats).toHaveLength(1);
  });
});
