/**
 * `urlsift/remark`: the unified (remark) plugin.
 */
export { default } from './adapters/markdown/plugin/remark-urlsift.js';
export type { Options } from './adapters/markdown/plugin/options.js';
export type { RuleId } from './adapters/markdown/plugin/rule-ids.js';
export type { UrlRecord, Point, Form } from './records/url-record.js';
