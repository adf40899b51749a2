/**
 * The link a report puts on a place's file name. An absolute path becomes a
 * `file:` URL; a relative one a relative reference (each segment
 * percent-encoded, starting `./`, so no name can be read as a scheme such as
 * `javascript:`); standard input (`-`) and records without a file get none.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export function defaultFileHref(file: string): string | undefined {
  if (file === '' || file === '-') return undefined;
  if (path.isAbsolute(file)) return pathToFileURL(file).href;
  return `./${file.split(/[\\/]/).map(encodeURIComponent).join('/')}`;
}
