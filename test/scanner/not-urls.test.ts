/**
 * Text that holds no URL, however much it looks like one.
 */
import { describe, expect, it } from 'vitest';
import { scan } from '../../src/index.js';

const notUrls = [
  // templates and BNF from RFC 1738 itself (rule: hierarchical-needs-host)
  'http://<host>:<port>/<path>?<searchpart>',
  'gopher://<host>:<port>/<gopher-path>',
  'mailto:<rfc822-addr-spec>',
  'news:<newsgroup-name>',
  'telnet://<user>:<password>@<host>:<port>/',
  'file://<host>/<path>',
  'ftpurl         = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]',
  'mailtourl      = "mailto:" encoded822addr',
  'newsurl        = "news:" grouppart',
  'genericurl     = scheme ":" schemepart',
  '<scheme>:<scheme-specific-part>',
  // a scheme followed by whitespace or punctuation (rule: scheme-alone-is-prose)
  'while nntp: URLs specify a unique location',
  'Thus, the news:\n   form of URL is preferred',
  'the http: scheme',
  'see http:, ftp: and news:.',
  // a VMS file name
  'DISK$USER:[MY.NOTES]NOTE123456.TXT',
  // an ip-based scheme with no host (rule: hierarchical-needs-host)
  'http://',
  'http:///path',
  'ftp://./x',
  'http:example.com',
  // unknown schemes without `//`, and scheme-like words
  'Note: this is fine',
  'Phone: +41 (22)767 3755',
  'foo:example.com',
  'at 10:30:00',
  // angle brackets without a scheme (rule: angle-wrapper)
  '<uri@bunyip.com>',
  '<1234.5678@example.com>',
  '<a href=x>text</a>',
  '<xsl:template match="/">',
  '<svg:rect/>',
  // bare addresses and www. need options
  'timbl@info.cern.ch',
  'www.example.com',
  // wrappers that never close, or hold no host (rule: wrapper-needs-host)
  '<URL:',
  '<URL:>',
  '<URL:foo>',
  '<URL:http://>',
];

describe('not URLs', () => {
  it.each(notUrls)('%j', (input) => {
    expect(scan(input).map((record) => record.url)).toEqual([]);
  });
});
