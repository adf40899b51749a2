/**
 * `urlsift/remark` as published: the plugin with the HTML adapter loaded
 * with it, so that `html: true` works with `runSync` too.
 */
import { readHtmlNode } from '../walk/html-node-reader.js';
import { useHtmlNodes } from '../walk/html-nodes.js';
import remarkUrlsift from './urlsift-plugin.js';

useHtmlNodes(readHtmlNode);

export default remarkUrlsift;
