/**
 * `file:` URLs, and so the relative links of a docs tree (the CLI resolves
 * them to `file:` URLs): the file or folder must exist; a fragment is
 * checked against the target's anchors (heading slugs of a Markdown file,
 * ids of an HTML file).
 */
import { open, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { checkError, type CheckError } from './check-error-codes.js';
import { anchorKind, type AnchorSet } from './fragment.js';
import { htmlAnchorsOf } from './html-anchors.js';
import { markdownAnchorsOf } from './markdown-anchors.js';

export interface FileOutcome {
  ok: boolean;
  error?: CheckError;
  /** Set when the URL is not checked at all, and why (a file on another host). */
  skipped?: string;
  anchors?: AnchorSet;
  anchorsUnread?: string;
}

/**
 * The most of a Markdown file read for its headings: remark parses about a
 * megabyte a second, and more slowly still on one big document.
 */
export const markdownAnchorLimit = 2 * 1024 * 1024;

/** The first `limit` bytes of `path`, and whether that was all of it. */
async function readHead(path: string, limit: number): Promise<{ text: string; complete: boolean }> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(limit + 1);
    let filled = 0;
    while (filled < buffer.byteLength) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.byteLength - filled, null);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    const complete = filled <= limit;
    return { text: new TextDecoder().decode(buffer.subarray(0, Math.min(filled, limit))), complete };
  } finally {
    await handle.close();
  }
}

/** Check the file `url` names; read its anchors when `wanted` holds any. */
export async function checkFile(url: URL, wanted: ReadonlySet<string>, maxBytes: number): Promise<FileOutcome> {
  if (url.hostname !== '' && url.hostname !== 'localhost') return { ok: false, skipped: `a file: URL on another host (${url.hostname}) is not checked` };
  let path: string;
  try {
    path = fileURLToPath(url);
  } catch (error) {
    return { ok: false, error: checkError('invalid-url', (error as Error).message) };
  }
  let isFolder: boolean;
  try {
    isFolder = (await stat(path)).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, error: checkError('file-missing', path) };
    return { ok: false, error: checkError('file-unreadable', `${path}: ${code ?? (error as Error).message}`) };
  }
  if (wanted.size === 0) return { ok: true };
  if (isFolder) return { ok: true, anchorsUnread: 'the fragment is not checked: the link is to a folder' };
  const kind = anchorKind(path);
  if (kind === undefined) return { ok: true, anchorsUnread: 'the fragment is not checked: the file is not HTML or Markdown' };
  const limit = kind === 'markdown' ? Math.min(maxBytes, markdownAnchorLimit) : maxBytes;
  try {
    const { text, complete } = await readHead(path, limit);
    const anchors = kind === 'markdown' ? await markdownAnchorsOf(text) : htmlAnchorsOf(text);
    const set: AnchorSet = { anchors, kind, complete };
    if (!complete) set.unreadable = `only the first ${limit} bytes of the file were read`;
    return { ok: true, anchors: set };
  } catch (error) {
    return { ok: true, anchorsUnread: `the fragment is not checked: reading the file failed: ${(error as Error).message}` };
  }
}
