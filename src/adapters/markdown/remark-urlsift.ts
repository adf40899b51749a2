/**
 * `urlsift/remark`: a unified plugin that finds the URLs of a Markdown
 * document the way RFC 1738's Appendix says a careful reader should, with
 * positions in the Markdown source.
 *
 * ```js
 * import {remark} from 'remark'
 * import remarkUrlsift from 'urlsift/remark'
 *
 * const file = await remark().use(remarkUrlsift).process(markdown)
 * file.data.urls // UrlRecord[]
 * ```
 */
import type { Root } from 'mdast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import type { UrlRecord } from '../../records/url-record.js';
import { codes } from '../../decode/character-codes.js';
import { findUrls } from './find-urls.js';
import { LineIndex } from '../../source-map/line-index.js';
import { linkify } from './linkify.js';
import { resolveOptions, type DocumentLinks, type Options, type ResolvedOptions } from './options.js';
import { report } from './report.js';

declare module 'unified' {
  interface Data {
    /** The plugin's options, resolved once when it is attached. */
    urlsiftSettings?: ResolvedOptions | undefined;
  }
}

declare module 'vfile' {
  interface DataMap {
    /**
     * URLs found by `urlsift/remark`, in source order. Always set (`[]` when
     * there are none).
     */
    urls: UrlRecord[];
    /**
     * The document's `url` and `root` (`scanMarkdown` gives them per
     * document, so that one processor serves documents at any URL); when
     * set, they take the place of the options'.
     */
    urlsiftLinks?: DocumentLinks | undefined;
  }
}

/**
 * Find URLs in Markdown: links, images, definitions, autolinks, and URLs in
 * text (bare, `<URL:…>` wrapped, broken across lines). Results go to
 * `file.data.urls`; invalid URLs and hyphen ambiguities are reported with
 * `file.message`. The tree is not changed unless `link: true`.
 *
 * @param options Configuration (optional); checked when the plugin is attached.
 * @throws {TypeError} On an unknown option or a value of the wrong type.
 */
const remarkUrlsift: Plugin<[(Options | null | undefined)?], Root> = function (options) {
  const settings = resolveOptions(options);
  // for `scanMarkdown`, which walks trees of its own with the same settings
  this.data('urlsiftSettings', settings);

  return function (tree: Root, file: VFile): undefined {
    // micromark drops a leading BOM and counts positions without it, as the scanner does
    const value = String(file);
    const source = value.charCodeAt(0) === codes.byteOrderMark ? value.slice(1) : value;
    const links = file.data.urlsiftLinks;
    const found = findUrls(tree, source, links === undefined ? settings : { ...settings, links });
    file.data.urls = found.records;
    if (settings.messages) report(file, found.records);
    if (settings.link) linkify(found.candidates, LineIndex.ofText(source));
  };
};

export default remarkUrlsift;
