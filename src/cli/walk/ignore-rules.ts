/**
 * `.gitignore` files, read as git reads them (gitignore(5)): one pattern a
 * line; `#` starts a comment; `!` re-includes; a trailing `/` matches
 * folders only; a pattern with a `/` at its start or in its middle is
 * anchored to the folder of its `.gitignore`, one without matches a name at
 * any depth; the last pattern that matches decides. Matching goes through
 * `glob-match.ts`, in time bounded by the pattern times the name: the file is
 * someone else's input.
 */
import { codes } from '../../decode/character-codes.js';
import { compilePattern, compileSegment, matchSegment, matchSegments, type Segment } from './glob-match.js';

export interface IgnoreRule {
  segments: Segment[];
  /** Matches the name at any depth (no `/` but a trailing one). */
  basename: boolean;
  negated: boolean;
  foldersOnly: boolean;
}

/** The rules of one `.gitignore` (its text). */
// rule: gitignore-rules
export function parseIgnoreFile(text: string): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (let line of text.split(/\r?\n/)) {
    line = withoutTrailingSpaces(line);
    if (line === '' || line.startsWith('#')) continue;
    let negated = false;
    if (line.startsWith('!')) {
      negated = true;
      line = line.slice(1);
    } else if (line.startsWith('\\!') || line.startsWith('\\#')) line = line.slice(1);
    let foldersOnly = false;
    if (line.endsWith('/')) {
      foldersOnly = true;
      line = line.slice(0, endBefore(line, codes.slash));
    }
    if (line === '') continue;
    const basename = !line.includes('/');
    rules.push({
      segments: basename ? [compileSegment(line)] : compilePattern(line),
      basename,
      negated,
      foldersOnly,
    });
  }
  return rules;
}

/**
 * Where the run of `code` that ends `line` starts. Loops, not regular
 * expressions: `/ +$/` tries every space of a long run that is not at the
 * end, and took 4 s on a line of 100,000 spaces and a letter.
 */
function endBefore(line: string, code: number): number {
  let end = line.length;
  while (end > 0 && line.charCodeAt(end - 1) === code) end--;
  return end;
}

/** Trailing spaces go, unless escaped: `a\\ ` keeps its last space. */
function withoutTrailingSpaces(line: string): string {
  let end = endBefore(line, codes.space);
  if (end < line.length && end > 0 && line.charCodeAt(end - 1) === codes.backslash) end++;
  return line.slice(0, end);
}

/**
 * Is the entry at `path` (segments relative to the rules' folder) ignored by
 * `rules`? `undefined` when no rule speaks of it.
 */
export function ignoredBy(rules: readonly IgnoreRule[], path: readonly string[], isFolder: boolean): boolean | undefined {
  let verdict: boolean | undefined;
  const name = path.at(-1) ?? '';
  for (const rule of rules) {
    if (rule.foldersOnly && !isFolder) continue;
    if (verdict === !rule.negated) continue;
    const matches = rule.basename ? matchSegment(rule.segments[0] as Segment, name) : matchSegments(rule.segments, path);
    if (matches) verdict = !rule.negated;
  }
  return verdict;
}
