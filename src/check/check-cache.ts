/**
 * Results kept on disk between runs: the `ok` results of HTTP(S) URLs, each
 * with the time it was checked, one JSON object a line. Read at the start
 * (lines older than the maximum age, or not understood, are dropped), written
 * back at the end to a new file renamed over the old one, so a run stopped
 * half-way never leaves half a file. A URL checked with fragments and one
 * checked without are kept apart. Broken URLs are not kept: a docs CI asks
 * them again until they are mended.
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { RedirectHop } from './check-result.js';

export interface CachedResult {
  code?: number;
  redirects: RedirectHop[];
  note?: string;
}

interface CacheLine extends CachedResult {
  url: string;
  /** The check read fragments. */
  fragments: boolean;
  /** When it was checked, ms since the epoch. */
  at: number;
}

export class CheckCache {
  private readonly entries = new Map<string, CacheLine>();
  private changed = false;
  /** Why the file could not be read or written, when that happened. */
  problem: string | undefined;

  private constructor(
    private readonly file: string,
    private readonly maxAge: number,
  ) {}

  static async open(file: string, maxAge: number, now = Date.now()): Promise<CheckCache> {
    const cache = new CheckCache(file, maxAge);
    let text = '';
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') cache.problem = `the cache ${file} cannot be read: ${(error as Error).message}`;
    }
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      let entry: CacheLine;
      try {
        entry = JSON.parse(line) as CacheLine;
      } catch {
        cache.changed = true;
        continue;
      }
      if (typeof entry.url !== 'string' || typeof entry.at !== 'number' || !Array.isArray(entry.redirects) || now - entry.at > maxAge || entry.at > now) {
        cache.changed = true;
        continue;
      }
      cache.entries.set(key(entry.url, entry.fragments === true), entry);
    }
    return cache;
  }

  /** The cached result of `url`, when there is one young enough. */
  get(url: string, fragments: boolean, now = Date.now()): CachedResult | undefined {
    const entry = this.entries.get(key(url, fragments));
    if (entry === undefined || now - entry.at > this.maxAge) return undefined;
    const result: CachedResult = { redirects: entry.redirects };
    if (entry.code !== undefined) result.code = entry.code;
    if (entry.note !== undefined) result.note = entry.note;
    return result;
  }

  /** Keep the `ok` result of `url`. */
  set(url: string, fragments: boolean, result: CachedResult, now = Date.now()): void {
    this.entries.set(key(url, fragments), { url, fragments, at: now, ...result });
    this.changed = true;
  }

  /** Write the cache back, when it changed. */
  async save(): Promise<void> {
    if (!this.changed) return;
    const lines: string[] = [];
    for (const entry of this.entries.values()) lines.push(JSON.stringify(entry));
    const temporary = `${this.file}.${process.pid}.tmp`;
    try {
      await writeFile(temporary, lines.length === 0 ? '' : `${lines.join('\n')}\n`);
      await rename(temporary, this.file);
      this.changed = false;
    } catch (error) {
      this.problem = `the cache ${this.file} cannot be written: ${(error as Error).message}`;
      await rm(temporary, { force: true }).catch(() => {});
    }
  }
}

function key(url: string, fragments: boolean): string {
  return `${fragments ? 'f' : 'n'} ${url}`;
}
