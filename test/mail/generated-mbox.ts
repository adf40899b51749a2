/**
 * A generated mbox for the tests of a mailbox scanned in batches: the
 * corpus's messages and every shape the mbox splitter hands on.
 */
import { readFileSync } from 'node:fs';
import { corpusDirectory } from './corpus-helpers.js';

const postmark = 'From sender@example.org Mon Jan  1 00:00:00 2024\n';

/** An mbox of `repeat` times every shape the splitter hands on: the corpus's messages, mboxrd escapes, a bare `From ` in a body, messages over the size limit (pruned, and scanned as plain text). */
export function generatedMbox(repeat: number): Buffer {
  const emls = ['alternative.eml', 'base64.eml', 'broken.eml', 'charsets.eml', 'flowed.eml', 'forwarded.eml', 'quoted-printable.eml'];
  const block = [
    readFileSync(corpusDirectory + 'archive.mbox', 'utf8'),
    ...emls.map((name) => `${postmark}${readFileSync(corpusDirectory + name, 'utf8').trimEnd()}\n\n`),
    `${postmark}Subject: escaped\nMessage-ID: <escaped@example.org>\n\nsee http://before.example/\n>From here http://escaped.example/a\n>>From there http://escaped.example/b\n\n`,
    `${postmark}Subject: bare from\n\nfirst http://bare.example/1\n\nFrom me to you, this is text\nhttp://bare.example/2\n\n`,
    `${postmark}Subject: big text\n\n${Array.from({ length: 300 }, (_, i) => `line ${i} http://big.example/${i}`).join('\n')}\n\n`,
    `${postmark}Subject: attachment\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain\n\nsee http://kept.example/text\n--b\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n${'QUJD'.repeat(19).concat('\n').repeat(120)}--b\nContent-Type: text/plain\n\nafter http://kept.example/after\n--b--\n\n`,
  ].join('');
  return Buffer.from(block.repeat(repeat));
}
