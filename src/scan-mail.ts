/**
 * `scanMail` as the package exports it: arguments are checked at once, and the
 * mail adapter (MIME, charsets, HTML: some 20 MB of libraries) is loaded only
 * when it is first used, so `import { scan } from 'urlsift'` stays light.
 */
import { checkMailInput, resolveMailOptions, type MailInput, type MailScanOptions } from './adapters/mail/mail-options.js';
import type { MailRecord } from './url-record.js';

/**
 * URL records from an mbox, a single message or a maildir (a path), or from
 * bytes or a stream of one. Misuse throws `TypeError` at once; problems in
 * the input go to `onNote` and never throw.
 */
export function scanMail(input: MailInput, options?: MailScanOptions): AsyncIterable<MailRecord> {
  resolveMailOptions(options);
  checkMailInput(input);
  return (async function* () {
    const adapter = await import('./adapters/mail/scan-mail.js');
    yield* adapter.scanMail(input, options);
  })();
}
