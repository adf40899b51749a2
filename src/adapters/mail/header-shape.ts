/**
 * Does text start with a mail header block? Every field name of RFC 5322,
 * RFC 2045 (MIME) and the trace and list fields servers add is weighed,
 * and so is the shape of the block: a field on the first line, then only
 * fields and folded continuations up to a blank line.
 */
import { byteOrderMarkLength } from '../../decode/byte-order-mark.js';
import { isHeaderLine, isPostmark } from './postmark.js';

/** Fields that only mail has: one of them weighs as much as two of the others. */
const strongFields = new Set([
  'received',
  'return-path',
  'delivered-to',
  'envelope-to',
  'x-original-to',
  'message-id',
  'resent-message-id',
  'mime-version',
  'content-transfer-encoding',
  'dkim-signature',
  'domainkey-signature',
  'arc-seal',
  'arc-message-signature',
  'arc-authentication-results',
  'authentication-results',
  'received-spf',
  'x-mailer',
  'list-id',
  'list-unsubscribe',
  'x-mozilla-status',
  'x-mozilla-status2',
  'x-gm-thrid',
]);

/** Fields of RFC 5322 and MIME that text may also have (`Subject:`, `Date:`, …). */
const weakFields = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'date',
  'sender',
  'reply-to',
  'in-reply-to',
  'references',
  'comments',
  'keywords',
  'resent-date',
  'resent-from',
  'resent-sender',
  'resent-to',
  'resent-cc',
  'resent-bcc',
  'content-disposition',
  'content-id',
  'content-description',
  'content-language',
  'user-agent',
  'organization',
  'importance',
  'priority',
  'x-priority',
  'precedence',
  'errors-to',
  'thread-topic',
  'thread-index',
  'disposition-notification-to',
  'list-archive',
  'list-help',
  'list-owner',
  'list-post',
  'list-subscribe',
  'archived-at',
  'newsgroups',
  'followup-to',
  'x-spam-status',
]);

/** A `Content-Type` value with a `type/subtype`: as strong as a field only mail has. */
const mediaType = /^[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+/;

/** Weight a block needs to be mail. */
const enough = 2;
/** Weight at which a block is mail even when a line that is not a field cuts it short. */
const overwhelming = 4;

function weight(line: string): number {
  const colon = line.indexOf(':');
  const name = line.slice(0, colon).trimEnd().toLowerCase();
  if (strongFields.has(name)) return 2;
  if (name === 'content-type') return mediaType.test(line.slice(colon + 1)) ? 2 : 1;
  return weakFields.has(name) ? 1 : 0;
}

/**
 * Do these first bytes (say, the first 8 KiB) look like mail? A first line
 * that is an mbox postmark, or a `From ` line followed by a header field (as
 * the splitter accepts inside an mbox); else a header block whose fields
 * weigh enough: `From:` and `Subject:`; `Received:` alone; `From:` and
 * `Content-Type: text/plain`. A UTF-8 byte order mark first is skipped;
 * lines end at CR, LF or CRLF.
 */
// rule: mail-detection
export function startsWithMailHeader(firstBytes: Uint8Array): boolean {
  const start = byteOrderMarkLength(firstBytes);
  const text = Buffer.from(firstBytes.buffer, firstBytes.byteOffset, firstBytes.byteLength).toString('latin1', start);
  const lines = text.split(/\r\n?|\n/);
  // the last line may be cut short by the sample's end
  if (lines.length > 1) lines.pop();
  let at = 0;
  if ((lines[0] ?? '').startsWith('From ')) {
    if (isPostmark(lines[0]!)) return true;
    if (!isHeaderLine(lines[1] ?? '')) return false;
    at = 1;
  }
  if (!isHeaderLine(lines[at] ?? '')) return false;
  let total = 0;
  const seen = new Set<string>();
  for (; at < lines.length; at++) {
    const line = lines[at]!;
    if (line === '') return total >= enough;
    if (line.startsWith(' ') || line.startsWith('\t')) continue;
    if (!isHeaderLine(line)) return total >= overwhelming;
    const name = line.slice(0, line.indexOf(':')).trimEnd().toLowerCase();
    if (seen.has(name)) continue;
    seen.add(name);
    total += weight(line);
  }
  return total >= enough;
}
