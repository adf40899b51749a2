/**
 * Options of `urlsift/remark`: the scanner's options plus what only
 * Markdown has (code, HTML, links, messages), checked when the plugin is
 * attached. Misuse throws a precise `TypeError`.
 */
import { booleanOption, resolveScanOptions, scanOptionKeys, type ResolvedScanOptions, type ScanOptions } from '../../scanner/scan-options.js';

export interface Options extends ScanOptions {
  /**
   * Also scan code: fenced and indented code blocks and inline code. Their
   * records get the scanner's forms (`bare`, `url-wrapper`, …).
   * @default false
   */
  code?: boolean | undefined;
  /**
   * Take the `href` and `src` attribute values of HTML nodes (form
   * `html-attribute`). Other HTML is never scanned.
   * @default false
   */
  html?: boolean | undefined;
  /**
   * Turn bare and wrapped URLs found in text into `link` nodes, so that
   * `remark-stringify` or `remark-rehype` render them as links. Existing links
   * are left as they are. Without it the tree is not changed.
   * @default false
   */
  link?: boolean | undefined;
  /**
   * Report invalid URLs (`invalid-url`) and URLs broken after a hyphen
   * (`ambiguous-hyphen`) with `file.message`.
   * @default true
   */
  messages?: boolean | undefined;
  /**
   * The document's own URL (a file's `file:` URL, or where it is served).
   * With it, relative destinations of links, images and definitions
   * (`./a.md`, `#part`, `../img.png`) are reported, resolved against it
   * (form `markdown-link`, `relative: true`, `raw` as written), and so are
   * relative links of HTML with `html`. Must be absolute.
   * @default undefined (relative destinations are not URLs, and not reported)
   */
  url?: string | undefined;
  /**
   * With `url`: the URL a destination starting with one `/` is read
   * against, instead of the origin of `url` (the address of the folder the
   * site is served from, or its `file:` URL). Must be absolute.
   * @default undefined (the origin of `url`)
   */
  root?: string | undefined;
}

/** Where relative destinations are resolved from (options `url` and `root`). */
export interface DocumentLinks {
  url: string;
  root: string | undefined;
}

/** Options after validation, with defaults filled in. */
export interface ResolvedOptions {
  /** The scanner's options as given, for `scan`. */
  scan: ScanOptions;
  /** The scanner's options resolved, for filtering records of links. */
  resolvedScan: ResolvedScanOptions;
  code: boolean;
  html: boolean;
  link: boolean;
  messages: boolean;
  /** Options `url` and `root`: relative destinations reported, resolved. */
  links: DocumentLinks | undefined;
}

const markdownKeys = new Set(['code', 'html', 'link', 'messages', 'url', 'root']);

/** An absolute URL option (`url`, `root`); `null` counts as not given. */
function absoluteUrl(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !URL.canParse(value)) throw new TypeError(`Expected option \`${name}\` to be an absolute URL string, got ${JSON.stringify(value) ?? typeof value}`);
  return value;
}

/** Options `url` and `root` checked. */
export function documentLinksOf(url: unknown, root: unknown): DocumentLinks | undefined {
  const documentUrl = absoluteUrl(url, 'url');
  const rootUrl = absoluteUrl(root, 'root');
  if (documentUrl === undefined) {
    if (rootUrl !== undefined) throw new TypeError('Expected option `root` to come with `url`, the document\'s URL');
    return undefined;
  }
  return { url: documentUrl, root: rootUrl };
}

/** A boolean option; `null` counts as not given. */
function flag(value: unknown, name: string, fallback: boolean): boolean {
  return booleanOption(value ?? undefined, name, fallback);
}

/**
 * Check options and fill in defaults. `null` and `undefined` mean no options.
 *
 * @throws {TypeError} On an unknown option or a value of the wrong type.
 */
export function resolveOptions(options: Options | null | undefined): ResolvedOptions {
  if (options === undefined || options === null) options = {};
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`Expected options to be an object, got ${Array.isArray(options) ? 'an array' : typeof options}`);
  }
  const scan: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (scanOptionKeys.has(key)) {
      if (value !== undefined) scan[key] = value;
    } else if (!markdownKeys.has(key)) {
      throw new TypeError(
        `Unknown option \`${key}\`, expected one of: ${[...scanOptionKeys, ...markdownKeys].map((k) => `\`${k}\``).join(', ')}`,
      );
    }
  }
  const resolvedScan = resolveScanOptions(scan as ScanOptions);
  return {
    scan: scan as ScanOptions,
    resolvedScan,
    code: flag(options.code, 'code', false),
    html: flag(options.html, 'html', false),
    link: flag(options.link, 'link', false),
    messages: flag(options.messages, 'messages', true),
    links: documentLinksOf(options.url, options.root),
  };
}
