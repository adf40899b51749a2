/**
 * The least any Node command that reads a text file can do: read the file
 * given as argument into one reused 64 KiB buffer and decode it as UTF-8 in
 * 16 KiB pieces (the fastest of the ways tried: a read stream, bigger reads,
 * the whole file at once), nothing else. Timed as a whole process by the
 * `cli` section, beside `urlsift` on the same file.
 */
import fs from 'node:fs';

const readSize = 64 * 1024;
const pieceSize = 16 * 1024;
const decoder = new TextDecoder('utf-8');
const buffer = Buffer.allocUnsafe(readSize);
const descriptor = fs.openSync(process.argv[2], 'r');
let characters = 0;
for (;;) {
  const read = fs.readSync(descriptor, buffer, 0, readSize, null);
  if (read === 0) break;
  for (let at = 0; at < read; at += pieceSize) {
    characters += decoder.decode(buffer.subarray(at, Math.min(read, at + pieceSize)), { stream: true }).length;
  }
}
characters += decoder.decode().length;
fs.closeSync(descriptor);
process.stdout.write(`${characters}\n`);
