/**
 * `urlsift/remark`: the unified (remark) plugin.
 */
export { default } from './adapters/markdown/remark-urlsift.js';
export type { Options } from './adapters/markdown/options.js';
export type { RuleId } from './adapters/markdown/rule-ids.js';
export type { UrlRecord, Point, Form } from './records/url-record.js';
