/**
 * URL filters: `--exclude-url` and `--include-url` patterns and the lines of
 * `.urlsiftignore` files, as regular expressions matched against each
 * record's `url` in linear time (RE2's syntax, by re2js: no look-around, no
 * back-references, so a pattern from someone else's repository cannot stall
 * a run). A URL that an include pattern matches is kept whatever excludes it
 * (so `--exclude-url example.org --include-url example.org/docs` keeps the
 * docs); when include patterns are given, a URL none of them matches is left
 * out; else a URL an exclude pattern matches is left out. What each pattern
 * left out is counted for `--stats`.
 */
import type { RE2JS } from 're2js';
import { UsageError } from './usage-error.js';

/** A pattern and where it came from (`--exclude-url`, `docs/.urlsiftignore:3`). */
export interface UrlPattern {
  pattern: string;
  origin: string;
}

/** What one pattern left out, for `--stats`. */
export interface FilterCount {
  origin: string;
  pattern: string;
  kind: 'exclude' | 'include';
  /** URLs (rows) it left out. */
  count: number;
}

interface Compiled {
  source: UrlPattern;
  re: RE2JS;
  count: number;
}

/** Patterns tried together: one alternation first, each pattern only to tell which matched. */
class PatternSet {
  private readonly any: RE2JS | undefined;
  constructor(readonly members: Compiled[], engine: typeof RE2JS) {
    this.any = members.length === 0 ? undefined : members.length === 1 ? members[0]?.re : engine.compile(members.map((member) => `(?:${member.source.pattern})`).join('|'));
  }

  /** The first member that matches `url`, if any. */
  match(url: string): Compiled | undefined {
    if (this.any === undefined || !this.any.test(url)) return undefined;
    return this.members.find((member) => member.re.test(url));
  }
}

/** The lines of a `.urlsiftignore` file: one pattern a line; blank lines and lines starting with `#` are skipped; surrounding white space is not part of a pattern. */
// rule: urlsiftignore
export function ignoreFilePatterns(text: string, file: string): UrlPattern[] {
  const patterns: UrlPattern[] = [];
  const lines = text.replace(/^\ufeff/, '').split(/\r?\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line === '' || line.startsWith('#')) continue;
    patterns.push({ pattern: line, origin: `${file}:${i + 1}` });
  }
  return patterns;
}

export interface UrlFilterSources {
  exclude: UrlPattern[];
  include: UrlPattern[];
  /** Exclusions that apply to the inputs of one walk only (its `.urlsiftignore`), by the walk's scope number. */
  scoped?: Map<number, UrlPattern[]>;
}

export class UrlFilter {
  private readonly exclude: PatternSet;
  private readonly include: PatternSet;
  private readonly scoped = new Map<number, PatternSet>();
  /** URLs left out because include patterns were given and none matched. */
  private notIncluded = 0;

  private constructor(engine: typeof RE2JS, sources: UrlFilterSources) {
    this.exclude = new PatternSet(sources.exclude.map((source) => compile(engine, source)), engine);
    this.include = new PatternSet(sources.include.map((source) => compile(engine, source)), engine);
    for (const [scope, patterns] of sources.scoped ?? []) {
      this.scoped.set(scope, new PatternSet(patterns.map((source) => compile(engine, source)), engine));
    }
  }

  /** The filter for `sources`, or undefined when there is no pattern at all (re2js is then never loaded). Throws `UsageError` on a pattern that does not compile. */
  static async create(sources: UrlFilterSources): Promise<UrlFilter | undefined> {
    const scopedCount = [...(sources.scoped?.values() ?? [])].reduce((sum, list) => sum + list.length, 0);
    if (sources.exclude.length + sources.include.length + scopedCount === 0) return undefined;
    const { RE2JS: engine } = await import('re2js');
    return new UrlFilter(engine, sources);
  }

  /**
   * `filter` with the exclusions of one walk's `.urlsiftignore` added for
   * the inputs of `scope` (a new filter when there was none). Throws
   * `UsageError` on a pattern that does not compile.
   */
  static async withScope(filter: UrlFilter | undefined, scope: number, patterns: UrlPattern[]): Promise<UrlFilter | undefined> {
    if (patterns.length === 0) return filter;
    if (filter === undefined) return UrlFilter.create({ exclude: [], include: [], scoped: new Map([[scope, patterns]]) });
    const { RE2JS: engine } = await import('re2js');
    filter.scoped.set(scope, new PatternSet(patterns.map((source) => compile(engine, source)), engine));
    return filter;
  }

  /** Is `url` (of an input in walk `scope`, if any) kept? Counts what it leaves out. */
  // rule: url-filters
  keep(url: string, scope?: number): boolean {
    if (this.include.members.length > 0) {
      if (this.include.match(url) !== undefined) return true;
      this.notIncluded++;
      return false;
    }
    const excluded = this.exclude.match(url) ?? (scope === undefined ? undefined : this.scoped.get(scope)?.match(url));
    if (excluded === undefined) return true;
    excluded.count++;
    return false;
  }

  /** What each pattern left out, in the order given (include patterns as one line: what none of them matched). */
  counts(): FilterCount[] {
    const counts: FilterCount[] = [];
    const add = (set: PatternSet) => {
      for (const member of set.members) counts.push({ origin: member.source.origin, pattern: member.source.pattern, kind: 'exclude', count: member.count });
    };
    add(this.exclude);
    for (const set of this.scoped.values()) add(set);
    if (this.include.members.length > 0) {
      const patterns = this.include.members.map((member) => member.source.pattern).join(' | ');
      counts.push({ origin: '--include-url', pattern: patterns, kind: 'include', count: this.notIncluded });
    }
    return counts;
  }

  /** URLs left out in all. */
  get leftOut(): number {
    return this.counts().reduce((sum, count) => sum + count.count, 0);
  }
}

function compile(engine: typeof RE2JS, source: UrlPattern): Compiled {
  try {
    return { source, re: engine.compile(source.pattern), count: 0 };
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '');
    throw new UsageError(`${source.origin}: the pattern ${JSON.stringify(source.pattern)} is not a regular expression urlsift reads (RE2 syntax): ${reason}`);
  }
}
