/**
 * `<meta>` elements whose `content` is a URL: a refresh
 * (`http-equiv="refresh"`, the URL after `url=`), and the Open Graph and
 * Twitter card properties that name a page, an image, a video or a sound
 * (`property="og:image"`, `name="twitter:image"`).
 */
import { refreshSpan, trimmedSpan, type ValueSpan } from './value-urls.js';

/** `property` / `name` values whose `content` is a URL. */
const urlProperties: ReadonlySet<string> = new Set([
  'og:url',
  'og:image',
  'og:image:url',
  'og:image:secure_url',
  'og:video',
  'og:video:url',
  'og:video:secure_url',
  'og:audio',
  'og:audio:url',
  'og:audio:secure_url',
  'twitter:url',
  'twitter:image',
  'twitter:image:src',
  'twitter:player',
  'twitter:player:stream',
]);

/** What a `<meta>` says about its `content`: which URL property, if any. */
export interface MetaUrl {
  /** `refresh`, or the property (`og:image`). */
  kind: string;
  span: ValueSpan;
}

/**
 * The URL in a `<meta>`'s content, given its attributes by name (lower
 * case; values decoded).
 */
// rule: html-meta-urls
export function metaUrl(attribute: (name: string) => string | undefined, content: string): MetaUrl | undefined {
  const httpEquiv = attribute('http-equiv');
  if (httpEquiv !== undefined && httpEquiv.trim().toLowerCase() === 'refresh') {
    const span = refreshSpan(content);
    return span === undefined ? undefined : { kind: 'refresh', span };
  }
  for (const key of ['property', 'name']) {
    const property = attribute(key)?.trim().toLowerCase();
    if (property !== undefined && urlProperties.has(property)) {
      const span = trimmedSpan(content);
      return span === undefined ? undefined : { kind: property, span };
    }
  }
  return undefined;
}
