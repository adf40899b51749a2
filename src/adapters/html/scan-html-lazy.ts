/**
 * `scanHtml` as the package exports it: arguments are checked at once, and
 * the HTML adapter (htmlparser2, iconv-lite) is loaded only when it is first
 * used, so `import { scan } from 'urlsift'` stays light.
 */
import { checkHtmlInput, resolveHtmlOptions, type HtmlInput, type HtmlScanOptions } from './html-options.js';
import type { HtmlRecord } from './html-scanner.js';

/**
 * URL records from HTML: its text (a string), its bytes (decoded as a
 * browser would: BOM, `<meta charset>`, else UTF-8 or windows-1252), a file
 * (`URL`), or a stream of chunks. Records come as they are found. Misuse
 * throws `TypeError` at once; input never throws.
 */
export function scanHtml(input: HtmlInput, options?: HtmlScanOptions): AsyncIterable<HtmlRecord> {
  resolveHtmlOptions(options);
  checkHtmlInput(input);
  return (async function* () {
    const adapter = await import('./scan-html-stream.js');
    yield* adapter.scanHtmlStream(input, options);
  })();
}
