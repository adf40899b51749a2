/**
 * `scanMarkdown` as the package exports it: arguments are checked at once,
 * and the Markdown adapter (remark-parse, remark-gfm, remark-frontmatter;
 * the HTML adapter too with `html`) is loaded only when it is first used,
 * so `import { scan } from 'urlsift'` stays light.
 */
import type { UrlRecord } from '../../records/url-record.js';
import { checkScanMarkdownArguments, type ScanMarkdownOptions } from './scan-markdown-options.js';

/**
 * The records of a Markdown document (GFM, with YAML or TOML front
 * matter): exactly those `urlsift/remark` gives after remark-parse,
 * remark-gfm and remark-frontmatter (`['yaml', 'toml']`), found faster.
 * Positions point into `source`. Misuse throws `TypeError` at once; input
 * never throws (past a budget, a part is read as plain text and `onNote`
 * told).
 */
export function scanMarkdown(source: string, options?: ScanMarkdownOptions): Promise<UrlRecord[]> {
  checkScanMarkdownArguments(source, options, true);
  return (async () => {
    const adapter = await import('./scan-markdown.js');
    return adapter.scanMarkdownLoaded(source, options);
  })();
}
