/**
 * The mail adapter of urlsift: URLs in mbox files, single messages and
 * maildir folders, with positions in the original file.
 */
export { scanMail, type MailInput } from './scan-mail.js';
export type { MailScanOptions } from './mail-options.js';
export { mailNoteCodes, type MailNote, type MailNoteCode } from './mail-notes.js';
export { isMailPath, isMaildir, looksLikeMail, mailExtensions } from './detect-mail.js';
