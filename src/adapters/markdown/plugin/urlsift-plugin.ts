/**
 * The plugin, without the HTML adapter (`remark-urlsift.ts` gives it the
 * adapter; `scanMarkdown` loads it when `html` is asked for).
 *
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
import type { UrlRecord } from '../../../records/url-record.js';
import type { HtmlNodeNote } from '../walk/find-urls.js';
import { treeRecords } from '../walk/tree-records.js';
import { LineIndex } from '../../../source-map/line-index.js';
import { linkify } from './linkify.js';
import { resolveOptions, type DocumentLinks, type Options } from './options.js';
import { report, reportHtmlNotes } from './report.js';
import { severityLevels, splitSeverity, type Severity } from './severity.js';

declare module 'vfile' {
  interface DataMap {
    /**
     * URLs found by `urlsift/remark`, in source order. Always set (`[]` when
     * there are none).
     */
    urls: UrlRecord[];
    /**
     * The document's `url` and `root`, given per file so that one
     * processor serves documents at any URL; when set, they take the place
     * of the options'.
     */
    urlsiftLinks?: DocumentLinks | undefined;
    /** What the HTML adapter could not read in `html` nodes (option `html`), when there is any (also told as messages). */
    urlsiftHtmlNotes?: HtmlNodeNote[] | undefined;
  }
}

/** The plugin's argument: options, a severity, or both as unified-lint-rule takes them. */
export type PluginArgument = Options | Severity | readonly [Severity, (Options | null | undefined)?] | null | undefined;

/**
 * Find URLs in Markdown: links, images, definitions, autolinks, and URLs in
 * text (bare, `<URL:…>` wrapped, broken across lines). Results go to
 * `file.data.urls`; invalid URLs and hyphen ambiguities are reported with
 * `file.message` (each with its `ruleId` and a `url` to its documentation).
 * The tree is not changed unless `link: true`.
 *
 * @param argument Options (optional), or a severity (`'error'`: messages
 *   are fatal; `false`, `'off'`: the plugin does nothing), or
 *   `[severity, options]`; checked when the plugin is attached.
 * @throws {TypeError} On an unknown option, a value of the wrong type, or a bad severity.
 */
const remarkUrlsift: Plugin<[PluginArgument?], Root> = function (argument) {
  const { level, options } = splitSeverity(argument);
  const settings = resolveOptions(options as Options | null | undefined);

  return function (tree: Root, file: VFile): undefined {
    if (level === severityLevels.off) {
      file.data.urls = [];
      return;
    }
    const links = file.data.urlsiftLinks;
    const { found, source, records } = treeRecords(tree, String(file), links === undefined ? settings : { ...settings, links });
    file.data.urls = records;
    // messages are placed as remark places its nodes (without the mark)
    if (found.notes.length > 0) file.data.urlsiftHtmlNotes = found.notes;
    if (settings.messages) {
      report(file, found.records, { strict: settings.strict, fatal: level === severityLevels.error });
      // what the HTML adapter says of `html` nodes (option `html`), as it says it of an .html file: with its note code, at the line of the Markdown source
      if (found.notes.length > 0) {
        const lines = LineIndex.ofText(source);
        reportHtmlNotes(file, found.notes.map((note) => ({ code: note.code, message: note.message, line: lines.point(note.offset).line + note.linesIn })));
      }
    }
    if (settings.link) linkify(settings.strict ? found.candidates.filter((candidate) => candidate.found.valid) : found.candidates, LineIndex.ofText(source));
  };
};

export default remarkUrlsift;
