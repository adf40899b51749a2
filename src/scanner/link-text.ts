/**
 * AsciiDoc writes a link's text in brackets right after its URL
 * (`https://git-scm.com[Git]`, `https://www.kernel.org[]`,
 * `mailto:list@example.com[write to the list]`), and RFC 1738 §2.2 counts
 * `[` and `]` among the unsafe characters a URL must escape. So in running
 * text a `[` that no `]` closes within the URL, or whose `]` ends the URL,
 * starts text, not URL:
 *
 * ```markdown
 * > | see https://git-scm.com/docs[the docs] or https://lore.kernel.org/git/[the archive
 *         ^^^^^^^^^^^^^^^^^^^^^^^^ the URL         ^^^^^^^^^^^^^^^^^^^^^^^^^^ the URL
 * ```
 *
 * Brackets around a host (`http://[2001:db8::1]/`, `ssh://git@[::1]/repo`)
 * and a bracket group inside the URL (`?ids[]=1&ids[]=2`) stay.
 */
import { codes } from '../decode/character-codes.js';

/**
 * Where the link text after the URL in `source.slice(start, end)` begins
 * (the index of its `[`), or `end` when there is none. `colon` is the index
 * of the colon after the scheme; `closable`: may a `]` follow it before
 * `end` (when the caller knows there is none, no `[` is looked at twice).
 */
// rule: link-text-after-url
export function linkTextStart(source: string, colon: number, end: number, closable = true): number {
  for (let i = colon + 1; i < end; i++) {
    if (source.charCodeAt(i) !== codes.leftSquareBracket || opensHost(source, colon, i)) continue;
    if (!closable) return i;
    const close = closingBracket(source, i, end);
    if (close === -1 || close === end - 1) return i;
    i = close;
  }
  return end;
}

/** Does the `[` at `bracket` open the host: right after `//`, or after the `@` of a user before any `/`? */
function opensHost(source: string, colon: number, bracket: number): boolean {
  const hostFrom = colon + 3;
  if (bracket < hostFrom || source.charCodeAt(colon + 1) !== codes.slash || source.charCodeAt(colon + 2) !== codes.slash) return false;
  if (bracket === hostFrom) return true;
  if (source.charCodeAt(bracket - 1) !== codes.atSign) return false;
  for (let i = hostFrom; i < bracket; i++) if (source.charCodeAt(i) === codes.slash) return false;
  return true;
}

/** The index of the `]` that closes the `[` at `open` before `end`, or -1. */
function closingBracket(source: string, open: number, end: number): number {
  let depth = 0;
  for (let i = open; i < end; i++) {
    const code = source.charCodeAt(i);
    if (code === codes.leftSquareBracket) depth++;
    else if (code === codes.rightSquareBracket && --depth === 0) return i;
  }
  return -1;
}
