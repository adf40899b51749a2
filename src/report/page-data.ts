/**
 * The distinct URLs as the HTML report's script reads them: one JSON value,
 * strings made visible and names (files, hosts, schemes, kinds) given once
 * and referred to by index. Written in pieces, so a page of 100,000 URLs is
 * never one string in memory.
 */
import { foundKinds, type FoundKind } from './found-kind.js';
import type { LinkSummary, SummaryPlace, SummaryUrl } from './link-summary.js';
import { cut, visible, visibleLine } from './visible.js';

/** `[file, line, column, message]`: `file` indexes `files`; `message` names a mail message, or is `""`. */
export type PagePlace = [file: number, line: number, column: number, message: string];

/**
 * `[url, host, scheme, kind, valid, count, files, places, context, alternatives, errors, cut]`:
 * `host`, `scheme` and `kind` index their lists; `valid` is 1 or 0; `errors`
 * are `code: sentence`; `cut` is what a line-bound reader finds of a URL
 * rejoined across lines, or `""`.
 */
export type PageUrl = [
  url: string,
  host: number,
  scheme: number,
  kind: number,
  valid: 0 | 1,
  count: number,
  files: number,
  places: PagePlace[],
  context: string,
  alternatives: string[],
  errors: string[],
  cut: string,
];

export interface PageData {
  files: string[];
  /** The link of each file, or `""`. */
  hrefs: string[];
  hosts: string[];
  schemes: string[];
  /** Labels of the kinds. */
  kinds: string[];
  /** Distinct URLs in the summary's list. */
  urls: PageUrl[];
  /** Distinct URLs counted but not listed. */
  leftOut: number;
}

/** Characters of a URL shown in the table; longer ones are cut (the count and places still tell them apart). */
export const pageUrlLength = 2000;
/** Characters of context shown. */
export const pageContextLength = 160;

/** Distinct URLs written per piece of the page. */
const urlsPerPiece = 500;

/** How a mail place names its message: `message 4 “Subject”` (numbered from 1, as people count). */
export function messageName(place: SummaryPlace): string {
  if (place.message === undefined) return '';
  const number = `message ${place.message.index + 1}`;
  return place.message.subject === undefined ? number : `${number} “${visibleLine(place.message.subject)}”`;
}

/** A URL's errors, each code once (`non-ascii` at two places is one thing to mend). */
export function distinctErrors(url: SummaryUrl): SummaryUrl['errors'] {
  const seen = new Set<string>();
  return url.errors.filter((error) => !seen.has(error.code) && seen.add(error.code));
}

class Names {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();
  of(name: string): number {
    let at = this.index.get(name);
    if (at === undefined) {
      at = this.list.length;
      this.list.push(name);
      this.index.set(name, at);
    }
    return at;
  }
}

/** JSON that can sit inside a `<script>` element: no `<`, `>` or `&` raw (so no `</script>` or `<!--`). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The page's data, as pieces of one JSON object: `{"urls":[…],"files":…}`.
 * `fileHref` gives each file's link.
 */
export function* pageDataPieces(summary: LinkSummary, fileHref: (file: string) => string | undefined): Generator<string> {
  const files = new Names();
  const hosts = new Names();
  const schemes = new Names();
  const kinds = Object.keys(foundKinds) as FoundKind[];
  const row = (url: SummaryUrl): PageUrl => [
    visible(cut(url.url, pageUrlLength)),
    hosts.of(visible(url.host)),
    schemes.of(visible(url.scheme)),
    kinds.indexOf(url.kind),
    url.valid ? 1 : 0,
    url.count,
    url.files,
    url.places.map((place) => [files.of(place.file), place.line, place.column, messageName(place)]),
    url.context === undefined ? '' : visibleLine(cut(url.context, pageContextLength)),
    url.alternatives.map((alternative) => visible(cut(alternative, pageUrlLength))),
    distinctErrors(url).map((error) => visible(`${error.code}: ${error.message}`)),
    url.cut === undefined ? '' : visible(cut(url.cut, pageUrlLength)),
  ];
  yield '{"urls":[';
  for (let from = 0; from < summary.list.length; from += urlsPerPiece) {
    const piece = summary.list.slice(from, from + urlsPerPiece).map((url) => scriptJson(row(url)));
    yield (from === 0 ? '' : ',') + piece.join(',');
  }
  const data: Omit<PageData, 'urls'> = {
    files: files.list.map(visible),
    hrefs: files.list.map((file) => fileHref(file) ?? ''),
    hosts: hosts.list,
    schemes: schemes.list,
    kinds: kinds.map((kind) => foundKinds[kind]),
    leftOut: summary.leftOut.distinctUrls,
  };
  yield `],${scriptJson(data).slice(1)}`;
}
