/**
 * `scanMarkdown`: the records of a Markdown document as one call, for the
 * CLI (`.md`, `.markdown`, `.mdx`) and for scripts.
 *
 * The document is parsed by remark-parse with remark-gfm (tables, task
 * lists, footnotes, strikethrough and autolink literals are common in the
 * READMEs and changelogs this is used on; GFM tables are tables only with
 * it) and remark-frontmatter (YAML `---` and TOML `+++` front matter, which
 * would otherwise be read as a thematic break and a heading).
 */
import type { UrlRecord } from '../../records/url-record.js';
import type { ResolvedScanOptions } from '../../scanner/scan-options.js';
import { shiftedPastByteOrderMark, withoutByteOrderMark } from './walk/byte-order-mark.js';
import { findUrls, type Placement } from './walk/find-urls.js';
import { documentLinksOf, resolveOptions, type Options, type ResolvedOptions } from './plugin/options.js';
import { checkScanMarkdownArguments, type MarkdownNote, type ScanMarkdownOptions } from './scan-markdown-options.js';
import { loadHtmlNodes } from './walk/html-nodes.js';
import { defaultPartLimits, scanParts, type ParsedPart, type PartLimits, type RunsOn } from './document/read-parts.js';
import { notModelled } from './unit-reader/answers.js';
import { readUnitTree, type OpenFence } from './unit-reader/read-unit-tree.js';
import type { KnownDefinitions, PossibleLabels } from './unit-reader/labels.js';
import type { ParseWithRemark } from './remark-parts.js';

export type { MarkdownStats, ScanMarkdownOptions } from './scan-markdown-options.js';

/** remark and its processors (`remark-parts.ts`), once loaded. */
let remark: typeof import('./remark-parts.js') | undefined;

/**
 * Load remark, which {@link scanMarkdown} needs for the parts its own
 * reader does not read. {@link scanMarkdownLoaded} loads it when a
 * document first needs it; a caller of {@link scanMarkdown} loads it
 * first.
 */
export async function loadRemark(): Promise<void> {
  remark ??= await import('./remark-parts.js');
}

/** The plugin's settings without options, resolved once. */
let defaultSettings: ResolvedOptions | undefined;

/** The plugin's settings by options written as JSON (a run over many documents with the same options resolves them once). */
const settingsByKey = new Map<string, ResolvedOptions>();
const settingsCacheSize = 16;

/** The options as a cache key, when JSON says all of them (no function, no odd object). */
function cacheKey(options: object): string | undefined {
  let plain = true;
  const key = JSON.stringify(options, (_, value: unknown) => {
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') plain = false;
    else if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) plain = false;
    return value;
  });
  return plain ? key : undefined;
}

/** The plugin's settings for `options`, as the plugin resolves them when attached (bad options throw here). */
function settingsFor(options: Options | undefined, key: string | undefined): ResolvedOptions {
  const resolve = () => resolveOptions({ ...options, link: false, messages: false });
  if (options === undefined) return (defaultSettings ??= resolve());
  if (key === undefined) return resolve();
  let settings = settingsByKey.get(key);
  if (settings === undefined) {
    settings = resolve();
    if (settingsByKey.size >= settingsCacheSize) settingsByKey.clear();
    settingsByKey.set(key, settings);
  }
  return settings;
}

/**
 * Find every URL in a Markdown document (GFM, with front matter).
 * Positions point into `source`. A document longer than about 8 KiB is
 * read part by part (the same records, in time that grows with its size);
 * past a budget, a part is read as plain text and `onNote` told.
 *
 * @throws {TypeError} When `source` is not a string, or on bad options.
 */
export function scanMarkdown(source: string, options?: ScanMarkdownOptions): UrlRecord[] {
  return scanMarkdownInParts(source, options, defaultPartLimits);
}

/**
 * {@link scanMarkdown} once what the options need is loaded (the HTML
 * adapter for `html`): for callers that may wait, the package's
 * `scanMarkdown` and the command.
 */
export async function scanMarkdownLoaded(source: string, options?: ScanMarkdownOptions): Promise<UrlRecord[]> {
  checkScanMarkdownArguments(source, options);
  if (options?.html === true) await loadHtmlNodes();
  if (remark !== undefined) return scanMarkdown(source, options);
  // read without remark; a document that needs it is read again once it is loaded
  const read = readInParts(source, options, defaultPartLimits);
  if (read !== remarkNeeded) return read;
  await loadRemark();
  return scanMarkdown(source, options);
}

/** The answer of {@link readInParts} when a part needs remark and it is not loaded. */
const remarkNeeded = Symbol('remark needed');

/**
 * {@link scanMarkdown} with other limits: small parts let tests cut every
 * document they can.
 *
 * @throws {TypeError} When a part needs remark and {@link loadRemark} was not awaited.
 */
export function scanMarkdownInParts(source: string, options: ScanMarkdownOptions | undefined, limits: PartLimits): UrlRecord[] {
  const read = readInParts(source, options, limits);
  if (read === remarkNeeded) throw new TypeError('scanMarkdown needs remark for this document: await loadRemark() first, or call scanMarkdownLoaded');
  return read;
}

/** The records of `source`, or {@link remarkNeeded} when a part needs remark and it is not loaded. */
function readInParts(source: string, options: ScanMarkdownOptions | undefined, limits: PartLimits): UrlRecord[] | typeof remarkNeeded {
  checkScanMarkdownArguments(source, options);
  // the document's `url` and `root` are given to the walk, not to the processor: one processor serves documents at any URL
  const { onNote, onStats, url, root, ...rest } = options ?? {};
  const links = documentLinksOf(url, root);
  const pluginOptions: Options | undefined = options === undefined || options === null ? undefined : rest;
  const key = pluginOptions === undefined ? undefined : cacheKey(pluginOptions);
  // the plugin's settings (bad options throw here, as when the plugin is attached)
  const attached = settingsFor(pluginOptions, key);
  let needed = false;
  const loaded = remark;
  // the processor is made when a part first needs it (most documents need none)
  let withRemark: ParseWithRemark | undefined;
  const parse: ParseWithRemark =
    loaded === undefined
      ? () => {
          // read on without it (what is read is thrown away)
          needed = true;
          return { tree: { type: 'root', children: [] }, records: [] };
        }
      : (text) => (withRemark ??= loaded.remarkParser(pluginOptions, key, links))(text);
  // read without a byte order mark, as micromark reads (records count it in the end, as the plugin's do)
  const text = withoutByteOrderMark(source);
  // resolved only when a part is read as plain text (the plugin resolved them when attached)
  let resolved: ResolvedScanOptions | undefined;
  const scanOptions = (): ResolvedScanOptions => (resolved ??= resolveOptions(rest).findOptions);
  // what may hold a record decides what remark must read (the options are valid: the plugin checked them)
  const quiet = {
    code: rest.code === true,
    html: rest.html === true,
    emails: rest.emails === true,
    schemeless: rest.schemeless === true,
    relative: links !== undefined,
  };
  // a unit the unit reader models: the plugin's walk over its tree, with the plugin's settings (resolved when it was attached)
  const settings = links === undefined ? attached : { ...attached, links };
  // `labels`: the labels the document may define (a bracket whose label is none of them is text)
  const readAlone = (unit: string, labels: PossibleLabels, known: KnownDefinitions, place: Placement): ParsedPart | RunsOn | undefined => {
    let runsOn: OpenFence | undefined;
    const read = readUnitTree(unit, labels, known, { points: false, runsOn: (fence) => (runsOn = fence) });
    if (read === notModelled) return runsOn === undefined ? undefined : { runsOn };
    return { tree: read.tree, records: findUrls(read.tree, unit, settings, read.referenceUrl, place).records };
  };
  // without remark, notes wait until the document is known not to need it (read again, it would tell them twice)
  const notes: MarkdownNote[] = [];
  const tell = onNote ?? (() => undefined);
  const read = scanParts(text, { parse, readAlone, scanOptions, onNote: loaded === undefined ? (note) => notes.push(note) : tell, quiet }, limits);
  if (needed) return remarkNeeded;
  for (const note of notes) tell(note);
  onStats?.({ bytes: Buffer.byteLength(source), remarkBytes: read.remarkBytes });
  const records = shiftedPastByteOrderMark(read.records, source);
  // `strict` applies once every URL is found, as in the plugin
  return settings.strict ? records.filter((record) => record.valid) : records;
}
