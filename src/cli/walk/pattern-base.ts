/**
 * A glob pattern's static base: the folders before its first segment with a
 * glob character (`docs/**\/*.md` → `docs`, `/tmp/a/*.txt` → `/tmp/a`,
 * `*.md` → ``). A pattern is walked from its base as a directory named on
 * the command line is: the `.gitignore` files inside the base apply, those
 * above it do not.
 */
export interface SplitPattern {
  /** The static folders, `''` for the current directory. */
  base: string;
  /** The rest, relative to `base`. */
  rest: string;
}

export function splitPattern(pattern: string, isDynamic: (segment: string) => boolean): SplitPattern {
  const segments = pattern.split('/');
  let staticCount = 0;
  // the last segment is always part of the rest: it is what the pattern matches
  while (staticCount < segments.length - 1) {
    const segment = segments[staticCount] as string;
    if (segment !== '' && isDynamic(segment)) break;
    staticCount++;
  }
  const base = segments.slice(0, staticCount).join('/');
  return {
    // `/x/*.txt`: the base of an absolute pattern is at least the root
    base: base === '' && pattern.startsWith('/') ? '/' : base,
    rest: segments.slice(staticCount).join('/'),
  };
}
