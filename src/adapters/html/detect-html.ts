/**
 * `--as auto` by content: HTML starts (after a BOM, white space, an XML
 * declaration) with `<!DOCTYPE html` or `<html`, in any case.
 *
 * ```html
 * > | <?xml version="1.0"?>
 * > | <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" …>
 *     ^^^^^^^^^^^^^^ enough
 * ```
 */

import { isReadable, sniffEncoding } from '../../decode/decode-text.js';

const start = /^(?:\uFEFF)?\s*(?:<\?xml[^>]{0,200}>\s*)?(?:<!--[^]{0,2000}?-->\s*)?<(?:!doctype\s+html|html)(?:[\s>]|$)/i;

/** Does this head of a file look like HTML? */
// rule: html-detect
export function looksLikeHtml(head: Uint8Array): boolean {
  // UTF-16 with a BOM: read as such; else bytes as Latin-1 (the markers are ASCII)
  const encoding = sniffEncoding(head);
  if (!isReadable(encoding)) return false;
  const text =
    encoding === 'utf-8'
      ? Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, 4096)).toString('latin1')
      : new TextDecoder(encoding).decode(head.subarray(0, 4096));
  return start.test(text.startsWith('\u00ef\u00bb\u00bf') ? text.slice(3) : text);
}
