/**
 * A mail record's `message`: which message of the mbox or maildir, and the
 * fields that name it, each present only when the message has it.
 */
import type { MailRecord } from '../../records/url-record.js';

export function messageNamed(index: number, messageId: string | undefined, subject: string | undefined): MailRecord['message'] {
  const message: MailRecord['message'] = { index };
  if (messageId) message.messageId = messageId;
  if (subject !== undefined) message.subject = subject;
  return message;
}
