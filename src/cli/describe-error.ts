/**
 * A system error in words for people, without a stack or an internal error's
 * own text where a plain phrase says it better.
 */
const phrases: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'is a directory',
  ENOTDIR: 'a part of the path is not a folder',
  ELOOP: 'symbolic link loop',
  ENAMETOOLONG: 'path too long to open (the tree is too deep)',
  ENOSPC: 'no space left on the device',
  EIO: 'input/output error',
  EMFILE: 'too many open files',
  ENXIO: 'no such device',
};

export function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== undefined && phrases[code] !== undefined) return phrases[code];
  // V8's own limits (a string or a buffer longer than it allows) have no code; other RangeErrors say what they are
  if (error instanceof RangeError && code === undefined) return 'too large to hold in memory';
  return (error as Error | undefined)?.message ?? String(error);
}
