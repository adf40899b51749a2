/**
 * urlsift: find URLs in free text the way RFC 1738's Appendix says a careful
 * reader should.
 */
export { scan, createScanner } from './scanner/create-scanner.js';
export { scanStream } from './adapters/text/scan-stream.js';
export type { UrlScanner } from './scanner/create-scanner.js';
export { parse, decode, format, errorCodes } from './parse/index.js';
export type { ParsedUrl, ParseError, UrlParts } from './parse/parsed-url.js';
export type { ErrorCode } from './parse/error-codes.js';
export type { ScanOptions } from './scanner/scan-options.js';
export { forms } from './records/url-record.js';
export type { UrlRecord, MailRecord, Point, Form } from './records/url-record.js';
export { scanMail } from './adapters/mail/scan-mail.js';
export type { MailInput } from './adapters/mail/mail-options.js';
export type { MailScanOptions } from './adapters/mail/mail-options.js';
export type { MailNote, MailNoteCode } from './adapters/mail/mail-notes.js';
export { scanHtml } from './adapters/html/scan-html-lazy.js';
export type { HtmlInput, HtmlScanOptions } from './adapters/html/html-options.js';
export type { HtmlRecord } from './adapters/html/html-scanner.js';
export { summarize, createSummary } from './report/create-summary.js';
export type { SummaryBuilder, SummaryOptions, SummaryWhere } from './report/create-summary.js';
export type { LinkSummary, LookAtList, SummaryCount, SummaryHost, SummaryPlace, SummaryRun, SummaryUrl } from './report/link-summary.js';
export { foundKinds } from './report/found-kind.js';
export type { FoundKind } from './report/found-kind.js';
export { htmlReport } from './report/render-html.js';
export type { HtmlReportOptions } from './report/render-html.js';
export { markdownReport } from './report/render-markdown.js';
export type { MarkdownReportOptions } from './report/render-markdown.js';
export { checkUrls } from './check/check-urls.js';
export { checkErrorCodes } from './check/check-error-codes.js';
export type { CheckOptions } from './check/check-options.js';
export type { CheckResult, CheckStatus, Place, RedirectHop } from './check/check-result.js';
export type { CheckError, CheckErrorCode } from './check/check-error-codes.js';
export type { CheckTarget } from './check/check-run.js';
