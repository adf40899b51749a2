/**
 * Options are checked and resolved once per call, not again for every
 * Markdown text run or every MIME part and header of a message.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as scanOptions from '../../src/scanner/scan-options.js';

vi.mock('../../src/scanner/scan-options.js', async (importOriginal) => {
  const original = await importOriginal<typeof scanOptions>();
  return { ...original, resolveScanOptions: vi.fn(original.resolveScanOptions) };
});

const { scanMarkdown } = await import('../../src/adapters/markdown/scan-markdown.js');
const { scanMail } = await import('../../src/adapters/mail/scan-mail.js');
const resolve = vi.mocked(scanOptions.resolveScanOptions);

beforeEach(() => {
  resolve.mockClear();
});

describe('options resolved once', () => {
  it('for a Markdown document of many text runs', () => {
    const paragraphs = Array.from({ length: 20 }, (_, i) => `Paragraph ${i}: see http://a.example/${i} and *more*.`);
    const records = scanMarkdown(paragraphs.join('\n\n'), { schemes: ['http'] });
    expect(records).toHaveLength(20);
    expect(resolve).toHaveBeenCalledTimes(1);
  });

  it('for a mail call, whatever its messages, parts and headers', async () => {
    const message = (n: number) =>
      [
        `From sender@example.com Mon Jan  1 00:00:00 2024`,
        `From: a@example.com`,
        `To: b@example.com`,
        `Subject: ${n}`,
        `List-Help: <http://list.example/help>`,
        `MIME-Version: 1.0`,
        `Content-Type: multipart/mixed; boundary="b"`,
        ``,
        `--b`,
        `Content-Type: text/plain`,
        ``,
        `see http://plain.example/${n}`,
        `--b`,
        `Content-Type: text/html`,
        ``,
        `<p>see <a href="http://html.example/${n}">it</a> and http://text.example/${n}</p>`,
        `--b--`,
        ``,
      ].join('\n');
    const mbox = new TextEncoder().encode([1, 2, 3].map(message).join('\n'));
    const urls: string[] = [];
    for await (const record of scanMail(mbox, { schemes: ['http'] })) urls.push(record.url);
    expect(urls).toHaveLength(12);
    expect(resolve).toHaveBeenCalledTimes(1);
  });
});
