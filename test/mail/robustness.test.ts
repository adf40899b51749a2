/**
 * Bad input never throws: corpus messages with bytes changed, cut short or
 * spliced together still scan, and every record points inside the input.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanMail, type MailNote } from '../../src/adapters/mail/index.js';
import { corpusDirectory } from './corpus-helpers.js';

const files = ['archive.mbox', 'alternative.eml', 'quoted-printable.eml', 'base64.eml', 'charsets.eml', 'flowed.eml', 'forwarded.eml', 'broken.eml'].map(
  (name) => readFileSync(corpusDirectory + name),
);

const bytesOf = fc.constantFrom(0x00, 0x0a, 0x0d, 0x20, 0x2d, 0x3d, 0x3e, 0x3c, 0x22, 0x26, 0x80, 0xc3, 0xff, 0x46);

describe('mail robustness', () => {
  it('mutated corpus input never throws and positions stay inside it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: files.length - 1 }),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), bytesOf), { maxLength: 20 }),
        fc.double({ min: 0.2, max: 1, noNaN: true }),
        async (which, edits, keep) => {
          const input = Buffer.from(files[which]!);
          for (const [where, byte] of edits) input[Math.floor(where * (input.length - 1))] = byte;
          const cut = input.subarray(0, Math.ceil(input.length * keep));
          const notes: MailNote[] = [];
          for await (const record of scanMail(cut, { onNote: (note) => notes.push(note) })) {
            expect(record.start.offset).toBeGreaterThanOrEqual(0);
            expect(record.end.offset).toBeLessThanOrEqual(cut.length);
            expect(record.start.offset).toBeLessThanOrEqual(record.end.offset);
            expect(record.message?.index).toBeGreaterThanOrEqual(0);
          }
          expect(notes.filter((note) => note.code === 'message-unreadable')).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
