/**
 * Glob patterns matched against paths, in time proportional to the pattern
 * times the name at worst, never more: patterns come from command lines and
 * from other people's `.gitignore` files, and a backtracking matcher (or a
 * regex built from the pattern) takes exponential time on
 * `*a*a*a*a*a*a*a*b` beside a long name.
 *
 * A pattern is a list of segments split at `/`. In a segment, `*` matches any
 * run of characters, `?` one character, `[abc]`, `[a-z]` and `[!a]` (or
 * `[^a]`) one of a set, and `\` makes the next character plain. A segment
 * `**` matches any number of whole segments, none included.
 */

/** One piece of a compiled segment. */
type Token =
  | { kind: 'text'; text: string }
  | { kind: 'any' }
  | { kind: 'star' }
  | { kind: 'set'; negated: boolean; ranges: Array<[number, number]> };

export type Segment = { kind: 'globstar' } | { kind: 'name'; tokens: Token[]; literal?: string };

const backslash = '\\';

function parseSet(segment: string, open: number): { token: Token; next: number } | undefined {
  let i = open + 1;
  let negated = false;
  if (segment[i] === '!' || segment[i] === '^') {
    negated = true;
    i++;
  }
  const ranges: Array<[number, number]> = [];
  let first = true;
  while (i < segment.length && (segment[i] !== ']' || first)) {
    first = false;
    let from = segment[i] as string;
    if (from === backslash && i + 1 < segment.length) from = segment[++i] as string;
    let to = from;
    if (segment[i + 1] === '-' && i + 2 < segment.length && segment[i + 2] !== ']') {
      to = segment[i + 2] as string;
      if (to === backslash && i + 3 < segment.length) {
        to = segment[i + 3] as string;
        i++;
      }
      i += 2;
    }
    ranges.push([from.charCodeAt(0), to.charCodeAt(0)]);
    i++;
  }
  if (i >= segment.length) return undefined;
  return { token: { kind: 'set', negated, ranges }, next: i + 1 };
}

/** Compile one segment of a pattern. */
export function compileSegment(segment: string): Segment {
  if (segment === '**') return { kind: 'globstar' };
  const tokens: Token[] = [];
  let text = '';
  const flush = () => {
    if (text !== '') tokens.push({ kind: 'text', text });
    text = '';
  };
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i] as string;
    if (char === backslash && i + 1 < segment.length) {
      text += segment[++i];
    } else if (char === '*') {
      flush();
      // `**` inside a segment is one star
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (char === '?') {
      flush();
      tokens.push({ kind: 'any' });
    } else if (char === '[') {
      const set = parseSet(segment, i);
      if (set === undefined) text += char;
      else {
        flush();
        tokens.push(set.token);
        i = set.next - 1;
      }
    } else text += char;
  }
  flush();
  const only = tokens[0];
  if (tokens.length === 0) return { kind: 'name', tokens, literal: '' };
  if (tokens.length === 1 && only?.kind === 'text') return { kind: 'name', tokens, literal: only.text };
  return { kind: 'name', tokens };
}

/** Does token `token` (not a star) match at `name[at…]`? Returns the length matched, or -1. */
function matchToken(token: Token, name: string, at: number): number {
  switch (token.kind) {
    case 'text':
      return name.startsWith(token.text, at) ? token.text.length : -1;
    case 'any':
      return at < name.length ? 1 : -1;
    case 'set': {
      if (at >= name.length) return -1;
      const code = name.charCodeAt(at);
      const inside = token.ranges.some(([from, to]) => code >= from && code <= to);
      return inside !== token.negated ? 1 : -1;
    }
    case 'star':
      return -1;
  }
}

/**
 * Does `segment` match all of `name`? The classic wildcard walk: at a star,
 * remember where it was and go on; on a mismatch, go back only to the last
 * star and let it take one more character. Earlier stars never need to take
 * more (any match they would allow, the last star allows too), so the work is
 * at most the tokens times the name, with no backtracking beyond that.
 */
// rule: glob-patterns
export function matchSegment(segment: Segment, name: string): boolean {
  if (segment.kind === 'globstar') return true;
  if (segment.literal !== undefined) return segment.literal === name;
  const { tokens } = segment;
  let t = 0;
  let at = 0;
  let starToken = -1;
  let starAt = 0;
  while (at < name.length || t < tokens.length) {
    const token = tokens[t];
    if (token !== undefined) {
      if (token.kind === 'star') {
        starToken = t++;
        starAt = at;
        continue;
      }
      const length = matchToken(token, name, at);
      if (length >= 0) {
        t++;
        at += length;
        continue;
      }
    }
    if (starToken === -1 || starAt >= name.length) return false;
    t = starToken + 1;
    at = ++starAt;
  }
  return true;
}

/**
 * Do the segments of a pattern match the segments of a path, `**` taking
 * any number of them? The same walk one level up: at most the pattern's
 * segments times the path's.
 */
export function matchSegments(pattern: readonly Segment[], path: readonly string[]): boolean {
  let p = 0;
  let at = 0;
  let starP = -1;
  let starAt = 0;
  while (at < path.length || p < pattern.length) {
    const segment = pattern[p];
    if (segment !== undefined) {
      if (segment.kind === 'globstar') {
        starP = p++;
        starAt = at;
        continue;
      }
      if (at < path.length && matchSegment(segment, path[at] as string)) {
        p++;
        at++;
        continue;
      }
    }
    if (starP === -1 || starAt >= path.length) return false;
    p = starP + 1;
    at = ++starAt;
  }
  return true;
}

/**
 * Could a path below the folder `path` match? (A folder is walked only when
 * it could.) True when the pattern's segments before its first `**` (all of
 * them but the last, without one) match the folder's as far as both go.
 */
export function mayMatchBelow(pattern: readonly Segment[], path: readonly string[]): boolean {
  for (let i = 0; i < path.length; i++) {
    const segment = pattern[i];
    if (segment === undefined || i === pattern.length - 1) return segment?.kind === 'globstar';
    if (segment.kind === 'globstar') return true;
    if (!matchSegment(segment, path[i] as string)) return false;
  }
  return true;
}

/** Compile a pattern (`/`-separated). */
export function compilePattern(pattern: string): Segment[] {
  return pattern.split('/').filter((segment) => segment !== '').map(compileSegment);
}

/** Characters that make a path a pattern. */
const dynamicCharacters = /[*?[\]{}]/;

/** Is `text` a glob pattern (not a plain path)? */
export function isDynamicPattern(text: string): boolean {
  return dynamicCharacters.test(text.replace(/\\./g, ''));
}

/** At most this many patterns come out of one with braces: `{a,b}{c,d}…` cannot explode. */
const maxBraceExpansions = 1024;

/** `a/{b,c}/*.md` → `a/b/*.md`, `a/c/*.md` (nested braces too), up to a bound. */
export function expandBraces(pattern: string): string[] {
  let depth = 0;
  let open = -1;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === backslash) {
      i++;
      continue;
    }
    if (char === '{') {
      if (depth === 0) open = i;
      depth++;
    } else if (char === '}' && depth > 0) {
      depth--;
      if (depth === 0) {
        const alternatives = splitTopLevel(pattern.slice(open + 1, i));
        if (alternatives.length < 2) continue;
        const before = pattern.slice(0, open);
        const after = pattern.slice(i + 1);
        const out: string[] = [];
        for (const alternative of alternatives) {
          for (const expanded of expandBraces(before + alternative + after)) {
            if (out.length >= maxBraceExpansions) return out;
            out.push(expanded);
          }
        }
        return out;
      }
    }
  }
  return [pattern];
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === backslash) i++;
    else if (char === '{') depth++;
    else if (char === '}') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}
