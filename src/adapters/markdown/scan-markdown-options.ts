/**
 * The options of `scanMarkdown` and their checks, apart from the reading
 * itself: the package's `scanMarkdown` checks its arguments at once, before
 * remark is loaded.
 */
import type { MarkdownNote } from './document/read-parts.js';
import { resolveOptions, type Options } from './plugin/options.js';

export type { MarkdownNote } from './document/read-parts.js';

/** Options of {@link scanMarkdown}: the plugin's, without `link` and `messages`. */
export interface ScanMarkdownOptions extends Omit<Options, 'link' | 'messages'> {
  /**
   * Told how a document was read where it was not read whole as Markdown:
   * a part past a budget (size, nesting, time) read as plain text.
   * @default undefined
   */
  onNote?: ((note: MarkdownNote) => void) | undefined;
  /**
   * Told, once the document is read, how many bytes remark-parse was given
   * (the rest of the document could hold no record, or urlsift's own
   * Markdown reader read it).
   * @default undefined
   */
  onStats?: ((stats: MarkdownStats) => void) | undefined;
}

/** How much of a document remark-parse read. */
export interface MarkdownStats {
  /** UTF-8 bytes of the document. */
  bytes: number;
  /**
   * UTF-8 bytes handed to remark-parse: all it was given, so a part read
   * twice counts twice, and the definitions written for a part and the
   * separators between parts read together count too (units passed over or
   * read by the unit reader are not handed to remark).
   */
  remarkBytes: number;
}

/**
 * Check the arguments of `scanMarkdown`: the string, the options' shape and
 * callbacks (the plugin's options are checked when its processor is made),
 * or, with `pluginOptions`, those too (before remark is loaded).
 *
 * @throws {TypeError} When `source` is not a string, or on bad options.
 */
export function checkScanMarkdownArguments(source: unknown, options: unknown, pluginOptions = false): asserts options is ScanMarkdownOptions | undefined {
  if (typeof source !== 'string') throw new TypeError(`Expected a string, got ${typeof source}`);
  if (options === undefined || options === null) return;
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`Expected options to be an object, got ${Array.isArray(options) ? 'an array' : typeof options}`);
  }
  const { onNote, onStats, ...rest } = options as ScanMarkdownOptions;
  if (onNote !== undefined && typeof onNote !== 'function') throw new TypeError(`Expected option \`onNote\` to be a function, got ${typeof onNote}`);
  if (onStats !== undefined && typeof onStats !== 'function') throw new TypeError(`Expected option \`onStats\` to be a function, got ${typeof onStats}`);
  if (pluginOptions) resolveOptions(rest as Options);
}
