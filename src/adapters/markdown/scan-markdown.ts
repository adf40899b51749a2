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
import { treeRecords } from './walk/tree-records.js';
import { documentLinksOf, resolveOptions, type Options, type ResolvedOptions } from './plugin/options.js';
import { checkScanMarkdownArguments, type ScanMarkdownOptions } from './scan-markdown-options.js';
import { loadHtmlNodes } from './walk/html-nodes.js';
import { markdownTreeReader } from './document/markdown-tree-loader.js';
import { defaultPartLimits, partRecords, type ParsedPart, type PartLimits, type ReadAlone, type RunsOn } from './document/read-parts.js';
import type { QuietSettings } from './document/quiet-units.js';
import { notModelled } from './unit-reader/answers.js';
import { readUnitTree, type OpenBlock } from './unit-reader/read-unit-tree.js';
import type { KnownDefinitions, PossibleLabels } from './unit-reader/labels.js';

export type { MarkdownStats, ScanMarkdownOptions } from './scan-markdown-options.js';

/** The settings without options, resolved once. */
let defaultSettings: ResolvedOptions | undefined;

/**
 * Settings by their options written as JSON: a run over many documents
 * with the same options (the CLI's) resolves them once, not once per
 * document.
 */
const settingsCache = new Map<string, ResolvedOptions>();
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

/** The plugin's settings for `options` (as `urlsift/remark` resolves them when attached): bad options throw here. */
function settingsFor(options: Options | undefined): ResolvedOptions {
  if (options === undefined || options === null) return (defaultSettings ??= resolve(undefined));
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`Expected options to be an object, got ${Array.isArray(options) ? 'an array' : typeof options}`);
  }
  const key = cacheKey(options);
  if (key === undefined) return resolve(options);
  let settings = settingsCache.get(key);
  if (settings === undefined) {
    settings = resolve(options);
    if (settingsCache.size >= settingsCacheSize) settingsCache.clear();
    settingsCache.set(key, settings);
  }
  return settings;
}

function resolve(options: Options | undefined): ResolvedOptions {
  return resolveOptions({ ...options, link: false, messages: false });
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
  return scanMarkdown(source, options);
}

/**
 * {@link scanMarkdownLoaded}'s records in batches, in document order, each
 * given as soon as it is final (for the command, which writes them as they
 * come: memory does not grow with the records of a document).
 */
export async function scanMarkdownBatches(source: string, options?: ScanMarkdownOptions): Promise<Iterable<UrlRecord[]>> {
  checkScanMarkdownArguments(source, options);
  if (options?.html === true) await loadHtmlNodes();
  return markdownBatches(source, options, defaultPartLimits);
}

/** {@link scanMarkdown} with other limits: small parts let tests cut every document they can. */
export function scanMarkdownInParts(source: string, options: ScanMarkdownOptions | undefined, limits: PartLimits): UrlRecord[] {
  const records: UrlRecord[] = [];
  for (const batch of markdownBatches(source, options, limits)) for (const record of batch) records.push(record);
  return records;
}

/** The records of `source` in batches, as they are final (arguments checked when the first is asked for). */
function* markdownBatches(source: string, options: ScanMarkdownOptions | undefined, limits: PartLimits): Generator<UrlRecord[], void> {
  checkScanMarkdownArguments(source, options);
  yield* batchesOf(source, prepare(options), options?.onNote, options?.onStats, limits);
}

/** What reading documents with one set of options needs, resolved once for them all. */
interface Prepared {
  settings: ResolvedOptions;
  /** The scanner's options, for a part read as plain text (resolved when first needed). */
  scanOptions: () => ResolvedScanOptions;
  /** What may hold a record decides what remark must read. */
  quiet: QuietSettings;
  /** A part remark reads: its tree, then what the plugin does with it. */
  parse: (text: string) => ParsedPart;
  /** A unit the unit reader reads. */
  readAlone: ReadAlone;
}

/** The settings of `options` (checked), and the readers made with them. */
function prepare(options: ScanMarkdownOptions | undefined): Prepared {
  // the document's `url` and `root` are given to the walk, not to the processor: one processor serves documents at any URL
  const { onNote: _onNote, onStats: _onStats, url, root, ...pluginOptions } = options ?? {};
  const links = documentLinksOf(url, root);
  // the plugin's settings (`url` and `root` are given per document: one resolution serves documents at any URL)
  const attached = settingsFor(options === undefined || options === null ? undefined : pluginOptions);
  const settings = links === undefined ? attached : { ...attached, links };
  // the parser is loaded when a document first needs it
  const parse = (text: string): ParsedPart => {
    const tree = markdownTreeReader()(text);
    const { found, records } = treeRecords(tree, text, settings);
    return { tree, records, notes: found.notes.length > 0 ? found.notes : undefined };
  };
  // resolved only when a part is read as plain text (the plugin resolved them when attached)
  let resolved: ResolvedScanOptions | undefined;
  const scanOptions = (): ResolvedScanOptions => (resolved ??= resolveOptions(pluginOptions).findOptions);
  // the options are valid: the plugin checked them
  const quiet: QuietSettings = {
    code: pluginOptions.code === true,
    html: pluginOptions.html === true,
    emails: pluginOptions.emails === true,
    schemeless: pluginOptions.schemeless === true,
    relative: links !== undefined,
  };
  // `labels`: the labels the document may define (a bracket whose label is none of them is text)
  const readAlone = (unit: string, labels: PossibleLabels, known: KnownDefinitions, place: Placement, endsDocument: boolean): ParsedPart | RunsOn | undefined => {
    let runsOn: OpenBlock | undefined;
    const read = readUnitTree(unit, labels, known, { points: false, runsOn: (block) => (runsOn = block), endsDocument });
    if (read === notModelled) return runsOn === undefined ? undefined : { runsOn };
    const found = findUrls(read.tree, unit, settings, read.referenceUrl, place);
    return { tree: read.tree, records: found.records, notes: found.notes };
  };
  return { settings, scanOptions, quiet, parse, readAlone };
}

/** The records of `source` read with `prepared`, in batches as they are final; its notes and stats told to `onNote` and `onStats`. */
function* batchesOf(
  source: string,
  { settings, scanOptions, quiet, parse, readAlone }: Prepared,
  onNote: ScanMarkdownOptions['onNote'],
  onStats: ScanMarkdownOptions['onStats'],
  limits: PartLimits,
): Generator<UrlRecord[], void> {
  // read without a byte order mark, as micromark reads (records count it in the end, as the plugin's do)
  const text = withoutByteOrderMark(source);
  const batches = partRecords(text, { parse, readAlone, scanOptions, onNote: onNote ?? ignoreNote, quiet }, limits);
  for (let next = batches.next(); ; next = batches.next()) {
    if (next.done === true) {
      onStats?.({ bytes: Buffer.byteLength(source), remarkBytes: next.value });
      return;
    }
    const records = shiftedPastByteOrderMark(next.value, source);
    // `strict` applies to every URL found, as in the plugin (which drops the invalid ones once all are found)
    const kept = settings.strict ? records.filter((record) => record.valid) : records;
    if (kept.length > 0) yield kept;
  }
}

function ignoreNote(): void {}

/** {@link scanMarkdown} for one document with the options a {@link MarkdownReader} was made with, and its own `onNote` and `onStats`. */
export type MarkdownReader = (source: string, onNote?: ScanMarkdownOptions['onNote'], onStats?: ScanMarkdownOptions['onStats']) => UrlRecord[];

/**
 * {@link scanMarkdown} for many documents read with the same options (the
 * command's files): the options are checked and resolved once, here, and
 * read as they are now (changed later, they are not seen); what they need
 * is loaded (the HTML adapter for `html`). `onNote` and `onStats` are each
 * document's own.
 *
 * @throws {TypeError} On bad options.
 */
export async function markdownReader(options: Omit<ScanMarkdownOptions, 'onNote' | 'onStats'>): Promise<MarkdownReader> {
  checkScanMarkdownArguments('', options);
  const prepared = prepare(options);
  if (options.html === true) await loadHtmlNodes();
  return (source, onNote, onStats) => {
    const records: UrlRecord[] = [];
    for (const batch of batchesOf(source, prepared, onNote, onStats, defaultPartLimits)) for (const record of batch) records.push(record);
    return records;
  };
}
