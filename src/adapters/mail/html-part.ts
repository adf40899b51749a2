/**
 * URLs in an HTML part, found with parse5's tokenizer (the HTML standard's
 * tokenization, no tree: memory stays flat on big HTML mail): `href` and
 * `src` attribute values (entities decoded by the tokenizer: `&amp;` → `&`),
 * form `html-attribute`, and URLs in the text (scripts and styles excepted),
 * scanned like plain text. Offsets are into the HTML string; the caller maps
 * them back to the message.
 */
import { Tokenizer, TokenizerMode, type Token, type TokenHandler } from 'parse5';
import { createRecord } from '../../records/create-record.js';
import { scanResolved } from '../../scanner/create-scanner.js';
import { SourceMap } from '../../source-map/source-map.js';
import type { UrlRecord } from '../../url-record.js';
import type { ResolvedMailOptions } from './mail-options.js';

/** A URL in an HTML string: the record (positions still unset) and its span in the HTML. */
export interface HtmlUrl {
  record: UrlRecord;
  /** Offsets into the HTML string, end exclusive. */
  start: number;
  end: number;
}

/** Attributes whose values are URLs. */
const urlAttributes = new Set(['href', 'src']);

/**
 * Elements whose content the tokenizer reads as raw text (the tree builder
 * switches it so in the HTML standard); the text of `script` and `style` is
 * not prose and is not scanned.
 */
const rawTextModes: Readonly<Record<string, { mode: (typeof TokenizerMode)[keyof typeof TokenizerMode]; scanned: boolean }>> = {
  script: { mode: TokenizerMode.SCRIPT_DATA, scanned: false },
  style: { mode: TokenizerMode.RAWTEXT, scanned: false },
  xmp: { mode: TokenizerMode.RAWTEXT, scanned: true },
  iframe: { mode: TokenizerMode.RAWTEXT, scanned: false },
  noembed: { mode: TokenizerMode.RAWTEXT, scanned: false },
  noframes: { mode: TokenizerMode.RAWTEXT, scanned: false },
  title: { mode: TokenizerMode.RCDATA, scanned: true },
  textarea: { mode: TokenizerMode.RCDATA, scanned: true },
  plaintext: { mode: TokenizerMode.PLAINTEXT, scanned: true },
};

/**
 * Schemes skipped in attributes unless asked for with `schemes`: script,
 * inline data, and references to other parts of the same message.
 */
const skippedSchemes = new Set(['javascript', 'vbscript', 'data', 'about', 'cid', 'mid']);

const schemePattern = /^([A-Za-z][A-Za-z0-9+.-]*):/;

const mayHoldUrl = /[:@]|www\./i;

/** How much HTML is tokenized before the URLs found are handed on. */
const htmlPiece = 64 * 1024;

/** Find the URLs of an HTML part. */
export function* findHtmlUrls(html: string, options: ResolvedMailOptions): Generator<HtmlUrl> {
  const found: HtmlUrl[] = [];
  /** The URL the open `<a>` links to. */
  let anchor: string | undefined;
  /** Inside `script`, `style`…: text not scanned. */
  let skipText = false;
  // consecutive character tokens make one text run
  let text = '';
  let textStart = -1;
  let textEnd = -1;
  const flushText = () => {
    if (textStart !== -1 && !skipText) textUrls(html, text, textStart, textEnd, anchor, options, found);
    text = '';
    textStart = -1;
  };
  const onText = (token: Token.CharacterToken) => {
    if (textStart === -1) textStart = token.location?.startOffset ?? 0;
    textEnd = token.location?.endOffset ?? textStart;
    text += token.chars;
  };
  const handler: TokenHandler = {
    onStartTag(token) {
      flushText();
      for (const attribute of token.attrs) {
        if (!urlAttributes.has(attribute.name)) continue;
        const url = attributeUrl(html, token, attribute.name, attribute.value, options);
        if (url) {
          found.push(url);
          if (token.tagName === 'a' && attribute.name === 'href') anchor = url.record.url;
        }
      }
      if (token.tagName === 'a' && !token.attrs.some((attribute) => attribute.name === 'href')) anchor = undefined;
      const raw = token.selfClosing ? undefined : rawTextModes[token.tagName];
      if (raw !== undefined) {
        tokenizer.state = raw.mode;
        skipText = !raw.scanned;
      }
    },
    onEndTag(token) {
      flushText();
      if (token.tagName === 'a') anchor = undefined;
      if (rawTextModes[token.tagName] !== undefined) skipText = false;
    },
    onCharacter: onText,
    onWhitespaceCharacter: onText,
    onNullCharacter: onText,
    onComment: flushText,
    onDoctype: flushText,
    onEof: flushText,
  };
  const tokenizer = new Tokenizer({ sourceCodeLocationInfo: true }, handler);
  // fed in pieces, and what each piece completes handed on: a part dense with links holds a piece's URLs, not the part's
  for (let at = 0; ; at += htmlPiece) {
    const last = at + htmlPiece >= html.length;
    tokenizer.write(html.slice(at, at + htmlPiece), last);
    yield* found;
    found.length = 0;
    if (last) return;
  }
}

/** The URL in an `href`/`src` value, if it has a scheme and passes the options. */
function attributeUrl(
  html: string,
  tag: Token.TagToken,
  name: string,
  value: string,
  options: ResolvedMailOptions,
): HtmlUrl | undefined {
  // URL standard: leading and trailing C0 space trimmed, tabs and newlines removed.
  const url = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const match = schemePattern.exec(url);
  if (!match) return undefined;
  if (options.schemes === undefined && skippedSchemes.has(match[1]!.toLowerCase())) return undefined;
  const location = tag.location?.attrs?.[name];
  let start = location?.startOffset ?? tag.location?.startOffset ?? 0;
  let end = location?.endOffset ?? start;
  if (location) {
    // `name = "value"`: narrow to the value, without its quotes.
    const equals = html.indexOf('=', start);
    if (equals !== -1 && equals < end) {
      start = equals + 1;
      while (start < end && /\s/.test(html[start]!)) start++;
      const quote = html[start];
      if ((quote === '"' || quote === "'") && html[end - 1] === quote && end - 1 > start) {
        start++;
        end--;
      }
    }
  }
  const point = { line: 0, column: 0, offset: 0 };
  const record = createRecord(url, 'html-attribute', [], html.slice(start, end), point, point, options);
  return record === undefined ? undefined : { record, start, end };
}

/** URLs in one run of text; the one an enclosing `<a>` already links to is not repeated. */
function textUrls(
  html: string,
  value: string,
  sourceStart: number,
  sourceEnd: number,
  anchor: string | undefined,
  options: ResolvedMailOptions,
  found: HtmlUrl[],
): void {
  // Every URL the scanner finds has a `:`, an `@` (addresses) or `www.` (schemeless): skip the rest unscanned.
  if (!mayHoldUrl.test(value)) return;
  const records = scanResolved(value, options.scan).filter((record) => record.url !== anchor);
  if (records.length === 0) return;
  const map = alignText(value, html.slice(sourceStart, sourceEnd), sourceStart);
  for (const record of records) {
    found.push({ record, start: map.start(record.start.offset), end: map.end(record.end.offset) });
  }
}

const entityPattern = /^&(?:#[0-9]{1,8};?|#[xX][0-9a-fA-F]{1,8};?|[A-Za-z][A-Za-z0-9]{0,31};?)/;

/**
 * Map a text node's value back into its source: the parser decoded
 * character references and turned CR LF into LF, everything else is a copy.
 */
function alignText(value: string, source: string, base: number): SourceMap {
  const map = new SourceMap();
  let v = 0;
  let s = 0;
  while (v < value.length && s < source.length) {
    const code = source[s];
    if (code === value[v] && (code !== '&' || source[s + 1] === value[v + 1])) {
      // a run of characters that are their own source: one copy
      const from = v;
      const sourceFrom = s;
      do {
        v++;
        s++;
      } while (v < value.length && s < source.length && source[s] === value[v] && (source[s] !== '&' || source[s + 1] === value[v + 1]));
      map.copy(value.slice(from, v), base + sourceFrom);
      continue;
    }
    if (code === '\r') {
      const pair = source[s + 1] === '\n';
      map.atom(value.charAt(v), base + s, base + s + (pair ? 2 : 1));
      s += pair ? 2 : 1;
      v++;
      continue;
    }
    const entity = code === '&' ? entityPattern.exec(source.slice(s, s + 40)) : null;
    if (entity) {
      const after = s + entity[0].length;
      // Most references make one unit; astral characters and a few named ones make two.
      let units = 1;
      if (after < source.length && value[v + 1] !== source[after] && value[v + 2] === source[after]) units = 2;
      map.atom(value.slice(v, v + units), base + s, base + after);
      v += units;
      s = after;
      continue;
    }
    map.atom(value.charAt(v), base + s, base + s + 1);
    v++;
    s++;
  }
  if (v < value.length) map.atom(value.slice(v), base + Math.min(s, source.length), base + source.length);
  return map;
}
