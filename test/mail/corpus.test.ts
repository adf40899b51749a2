/**
 * The mail corpus: every `corpus/mail/*.expected.json` names an input (a
 * file or the maildir folder) and options, and lists the records and notes
 * that input must give. Run with `UPDATE_EXPECTED=1` to rewrite them (then
 * read the diff).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusDirectory, formatExpected, scanCorpus, toNoteRow, toRow, type NoteRow, type Row } from './corpus-helpers.js';

interface Expected {
  input: string;
  options: Record<string, unknown>;
  records: Row[];
  notes: NoteRow[];
}

const files = readdirSync(corpusDirectory).filter((name) => name.endsWith('.expected.json')).sort();

describe('mail corpus', () => {
  it('has expected records for every input', () => {
    const inputs = readdirSync(corpusDirectory).filter((name) => /\.(eml|mbox)$/.test(name) || name === 'maildir');
    const covered = new Set(files.map((name) => (JSON.parse(readFileSync(corpusDirectory + name, 'utf8')) as Expected).input));
    expect(inputs.filter((name) => !covered.has(name))).toEqual([]);
  });

  it.each(files)('%s', async (name) => {
    const expected = JSON.parse(readFileSync(corpusDirectory + name, 'utf8')) as Expected;
    const { records, notes } = await scanCorpus(expected.input, expected.options);
    const actual = { ...expected, records: records.map(toRow), notes: notes.map(toNoteRow) };
    if (process.env['UPDATE_EXPECTED']) writeFileSync(corpusDirectory + name, formatExpected(actual));
    expect(actual.records).toEqual(expected.records);
    expect(actual.notes).toEqual(expected.notes);
  });
});
