/**
 * Which fragments are checked, and against what. A fragment names an
 * element (`#install`); other uses of the fragment are left alone: empty,
 * `#top` (the top of any HTML page), routes of script-driven pages (`#/x`,
 * `#!x`), text fragments (`#:~:text=`), parameters (`#page=2` of a PDF,
 * anything with `=`) and GitHub's line anchors (`#L10`, `#L10-L20`).
 */

/** What a fragment is checked against: the ids (and slugs) of one document, as far as they were read. */
export interface AnchorSet {
  /** HTML ids and names, or Markdown heading slugs and HTML anchors. */
  anchors: Set<string>;
  kind: 'html' | 'markdown';
  /** Every anchor of the document is in `anchors` (it was read to its end). */
  complete: boolean;
  /** Set when the document could not be read to its end, and why (too big, reading failed). */
  unreadable?: string;
}

/** GitHub's line anchors: `L10`, `L10-L20`, `L10C2-L12C5`. */
const lineAnchor = /^L\d+(?:C\d+)?(?:-L\d+(?:C\d+)?)?$/;

function isAnchor(fragment: string): boolean {
  if (fragment === 'top' || fragment.includes('=') || lineAnchor.test(fragment)) return false;
  return !(fragment.startsWith('/') || fragment.startsWith('!') || fragment.startsWith(':~:'));
}

/**
 * The anchor a URL's fragment names (`URL.hash`, with its `#`),
 * percent-decoded, or undefined when the fragment is not one to check.
 */
export function anchorOf(hash: string): string | undefined {
  if (hash.length <= 1) return undefined;
  let fragment = hash.slice(1);
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    // a broken escape: the fragment as written
  }
  return isAnchor(fragment) ? fragment : undefined;
}

/** GitHub puts its rendered Markdown's ids under this prefix (and scrolls to `#x` for `user-content-x`). */
const githubPrefix = 'user-content-';

/**
 * Is `anchor` in `set`? As written; under GitHub's prefix; in Markdown,
 * also in lower case (slugs are lower case, and GitHub finds `#Install`).
 */
export function hasAnchor(set: AnchorSet, anchor: string): boolean {
  const { anchors } = set;
  if (anchors.has(anchor) || anchors.has(githubPrefix + anchor)) return true;
  return set.kind === 'markdown' && anchors.has(anchor.toLowerCase());
}

/** The document kind whose anchors a file or page has, by its name (and media type, when served). */
export function anchorKind(pathname: string, mediaType?: string): 'html' | 'markdown' | undefined {
  const type = mediaType?.toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'text/markdown' || type === 'text/x-markdown') return 'markdown';
  if (type !== undefined && type !== 'text/plain' && type !== 'application/octet-stream') return undefined;
  const name = pathname.toLowerCase();
  if (/\.(?:md|markdown|mdx)$/.test(name)) return 'markdown';
  if (type === undefined && /\.(?:html?|xhtml)$/.test(name)) return 'html';
  return undefined;
}
