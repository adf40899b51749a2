/**
 * Options of the HTML adapter: the scanner's options plus what to read
 * besides attributes and text, validated up front. Misuse throws a precise
 * `TypeError`; input never does.
 */
import { booleanOption, checkOptionsObject, resolveScanOptions, type ResolvedScanOptions, type ScanOptions } from '../../scanner/scan-options.js';
import type { HtmlNote, HtmlNoteSink } from './html-notes.js';

export interface HtmlScanOptions extends ScanOptions {
  /**
   * Also scan the text of `<script>` elements.
   * @default false
   */
  scripts?: boolean;
  /**
   * Also scan the text of `<style>` elements.
   * @default false
   */
  styles?: boolean;
  /**
   * Also scan the text of comments (`<!-- … -->`).
   * @default false
   */
  comments?: boolean;
  /**
   * Report relative links in URL attributes, resolved against `<base href>`
   * and `url` (`raw` keeps the source text). Without it, relative links are
   * not reported.
   * @default false
   */
  resolve?: boolean;
  /**
   * The document's own URL (for a file, its `file:` URL), the base that
   * `resolve` starts from. Must be absolute.
   * @default undefined (only `<base href>` resolves)
   */
  url?: string;
  /**
   * Called once for each place of the input not read as it stands: a
   * `<meta>` charset no browser knows (ignored, as browsers ignore it), a URL
   * attribute's value over 1 MiB (not read; the tag's other attributes are),
   * a `<base href>` not used as the base. Never throws on input.
   * @default undefined (notes are dropped)
   */
  onNote?: (note: HtmlNote) => void;
  /**
   * The URL a link starting with one `/` is read against, instead of the
   * origin of `url` (the address of the folder a site is served from, or
   * its `file:` URL). Not used where the document has a `<base href>`.
   * Must be absolute.
   * @default undefined (the origin of `url`)
   */
  root?: string;
}

/** Options after validation. */
export interface ResolvedHtmlOptions {
  /** The scanner's options, resolved. */
  resolved: ResolvedScanOptions;
  scripts: boolean;
  styles: boolean;
  comments: boolean;
  resolve: boolean;
  url: URL | undefined;
  onNote: HtmlNoteSink | undefined;
  root: URL | undefined;
}

const htmlKeys = ['scripts', 'styles', 'comments', 'resolve', 'url', 'root', 'onNote'] as const;

/** An absolute URL option (`url`, `root`), or undefined. Throws `TypeError` on anything else. */
function absoluteOption(value: unknown, name: string): URL | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !URL.canParse(value)) throw new TypeError(`Expected option \`${name}\` to be an absolute URL string`);
  return new URL(value);
}

/** Check options and fill in defaults. Throws `TypeError` on misuse. */
export function resolveHtmlOptions(options: HtmlScanOptions | undefined = {}): ResolvedHtmlOptions {
  checkOptionsObject(options);
  const scanOptions: Record<string, unknown> = { ...options };
  for (const key of htmlKeys) delete scanOptions[key];
  const resolved = resolveScanOptions(scanOptions as ScanOptions);
  const url = absoluteOption(options.url, 'url');
  const root = absoluteOption(options.root, 'root');
  if (options.onNote !== undefined && typeof options.onNote !== 'function') {
    throw new TypeError(`Expected option \`onNote\` to be a function, got ${options.onNote === null ? 'null' : typeof options.onNote}`);
  }
  return registered({
    resolved,
    scripts: booleanOption(options.scripts, 'scripts'),
    styles: booleanOption(options.styles, 'styles'),
    comments: booleanOption(options.comments, 'comments'),
    resolve: booleanOption(options.resolve, 'resolve'),
    url,
    onNote: options.onNote,
    root,
  });
}

/** Options this module resolved: taken as they are, not checked again. */
const resolvedOptions = new WeakSet<object>();

function registered(options: ResolvedHtmlOptions): ResolvedHtmlOptions {
  resolvedOptions.add(options);
  return options;
}

/** Were these options resolved here (`resolveHtmlOptions`, `htmlDefaults`)? */
export function isResolvedHtmlOptions(options: unknown): options is ResolvedHtmlOptions {
  return typeof options === 'object' && options !== null && resolvedOptions.has(options);
}

/** HTML: its text, its bytes, a file (`URL`), or chunks of text or bytes. */
export type HtmlInput = string | Uint8Array | URL | AsyncIterable<string | Uint8Array> | NodeJS.ReadableStream;

/** Throw `TypeError` at once when `input` is none of the inputs `scanHtml` takes. */
export function checkHtmlInput(input: unknown): asserts input is HtmlInput {
  if (typeof input === 'string' || input instanceof Uint8Array || input instanceof URL) return;
  if (input !== null && typeof input === 'object' && Symbol.asyncIterator in input) return;
  throw new TypeError('Expected a string, a Uint8Array, a file URL, an async iterable or a readable stream');
}

/**
 * HTML options from scan options already resolved (mail parts, Markdown
 * nodes): nothing but attributes and text; with `links` (a Markdown
 * document's `url` and `root`), relative links resolved against them.
 */
export function htmlDefaults(resolved: ResolvedScanOptions, links?: { url: string; root: string | undefined }, onNote?: HtmlNoteSink): ResolvedHtmlOptions {
  if (links === undefined) return registered({ resolved, scripts: false, styles: false, comments: false, resolve: false, url: undefined, root: undefined, onNote });
  const root = links.root === undefined ? undefined : new URL(links.root);
  return registered({ resolved, scripts: false, styles: false, comments: false, resolve: true, url: new URL(links.url), root, onNote });
}
