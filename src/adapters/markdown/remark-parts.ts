/**
 * remark as `scanMarkdown` runs it on the parts its own reader does not
 * read: remark-parse, GFM (`gfm-reading.ts`), remark-frontmatter and the
 * plugin, one processor per set of options. Loaded only when a document
 * first needs it (`scan-markdown.ts`): most documents never do, and
 * loading remark takes longer than reading a small file.
 */
import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import { VFile } from 'vfile';
import type { UrlRecord } from '../../records/url-record.js';
import { gfmReading } from './document/gfm-reading.js';
import type { DocumentLinks, Options } from './plugin/options.js';
import remarkUrlsift from './plugin/urlsift-plugin.js';

type MarkdownProcessor = Processor<Root, Root, Root>;

/** The processor without options, made once. */
let defaultProcessor: MarkdownProcessor | undefined;

/**
 * Processors by their options written as JSON: a run over many documents
 * with the same options (the CLI's) builds one processor, not one per
 * document. Building one costs more than parsing a short document, and
 * fresh parser closures for every document keep V8 compiling the parser
 * again and again.
 */
const processors = new Map<string, MarkdownProcessor>();
const processorCacheSize = 16;

/** `text` read by remark and the plugin: its tree and records. */
export type ParseWithRemark = (text: string) => { tree: Root; records: UrlRecord[] };

/** A reader of parts with the plugin's options (checked already), for a document at `links`. */
export function remarkParser(options: Options | undefined, key: string | undefined, links: DocumentLinks | undefined): ParseWithRemark {
  const processor = processorFor(options, key);
  return (text) => {
    const file = new VFile({ value: text });
    if (links !== undefined) file.data.urlsiftLinks = links;
    const tree = processor.runSync(processor.parse(file), file);
    return { tree, records: file.data.urls ?? [] };
  };
}

function processorFor(options: Options | undefined, key: string | undefined): MarkdownProcessor {
  if (options === undefined) return (defaultProcessor ??= create(undefined));
  if (key === undefined) return create(options);
  let processor = processors.get(key);
  if (processor === undefined) {
    processor = create(options);
    if (processors.size >= processorCacheSize) processors.clear();
    processors.set(key, processor);
  }
  return processor;
}

function create(options: Options | undefined): MarkdownProcessor {
  const processor = unified()
    .use(remarkParse)
    .use(gfmReading)
    .use(remarkFrontmatter, ['yaml', 'toml'])
    .use(remarkUrlsift, { ...options, link: false, messages: false });
  return processor.freeze() as unknown as MarkdownProcessor;
}
