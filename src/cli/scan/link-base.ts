/**
 * Where the relative links of an input are resolved from (`--base`,
 * `--root`; always in `urlsift check`): a document's URL is `--base` joined
 * with its path relative to `--root` (default: the working directory), or,
 * without `--base`, its own `file:` URL; a link starting with `/` is read
 * against the root (`--base` itself, or the root folder's `file:` URL).
 * Standard input is a document at the root. Without either flag, only
 * `--html-resolve` resolves, against each HTML file's `file:` URL.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Input } from '../walk/inputs.js';

/** `--base` (an absolute URL) and `--root` (an absolute folder): plain data, it crosses to workers. */
export interface LinkBase {
  base: string | undefined;
  root: string;
}

/** The URLs an adapter resolves an input's links with. */
export interface DocumentUrls {
  /** The document's own URL; undefined: relative links are not resolved. */
  url: string | undefined;
  /** The URL links starting with `/` are read against; set only with `--base` or `--root`. */
  root?: string;
}

/** A folder's URL ends with `/`, so that links resolve inside it. */
function asFolder(url: string): string {
  const folder = new URL(url);
  if (!folder.pathname.endsWith('/')) folder.pathname += '/';
  return folder.href;
}

/** A path's name as a string (a name that is not UTF-8 with its bytes replaced). */
function pathText(name: string | Uint8Array): string {
  return typeof name === 'string' ? name : Buffer.from(name).toString();
}

/** The root's URL: `--base`, or the root folder's `file:` URL. */
export function rootUrl(links: LinkBase): string {
  return asFolder(links.base ?? pathToFileURL(links.root).href);
}

/**
 * The URLs `input`'s links resolve against: with `links`, its document URL
 * and the root's; without, its `file:` URL (for `--html-resolve`).
 */
export function documentUrls(input: Input, links: LinkBase | undefined): DocumentUrls {
  if (links === undefined) return { url: input.kind === 'file' ? pathToFileURL(pathText(input.path)).href : undefined };
  const root = rootUrl(links);
  if (input.kind === 'stdin') return { url: root, root };
  if (input.kind === 'maildir') return { url: undefined };
  const file = path.resolve(pathText(input.path));
  if (links.base === undefined) return { url: pathToFileURL(file).href, root };
  const relative = path.relative(links.root, file).split(path.sep).map(encodeURIComponent).join('/');
  return { url: new URL(relative, root).href, root };
}
