/**
 * The HTML adapter: URLs in HTML, read as a stream with htmlparser2's
 * tokenizer (no tree, so memory follows the tag or text being read, not the
 * document). One module for `.html` files, `text/html` mail parts and
 * Markdown `html` nodes.
 *
 * - URL attributes (`url-attributes.ts`), each URL of a `srcset` or `ping`
 *   its own record; `<meta>` refresh and Open Graph / Twitter URLs
 *   (`meta-content.ts`); `<base href>`. Form `html-attribute`, `attribute`
 *   says which (`img srcset`, `meta refresh`). The rule for schemes is in
 *   `url-rule.ts`; relative links only with `resolve`.
 * - Text, entities decoded, through the scanner with the Appendix rules; a
 *   tag, a comment or the end of the document ends a run of text. A URL
 *   that is both an `<a>`'s text and its `href` is one record. `<script>`,
 *   `<style>` and comments only with their options. A tag that is really an
 *   Appendix wrapper (`<URL:http://…>`, `<http://…>` written without
 *   escaping) is read as text, and so is a tag still open at the end of
 *   the input (an unclosed quote), which a browser would drop.
 * - Positions are into the HTML (decoded characters, not bytes):
 *   `offset` 0-based, `line` and `column` 1-based.
 */
import { QuoteType, Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { knownScheme } from '../../scanner/known-schemes.js';
import { Scanner } from '../../scanner/scanner.js';
import { createHtmlRecord, moveHtmlRecord, type RecordFilter } from '../../records/create-record.js';
import { LineIndex } from '../../source-map/line-index.js';
import { SourceMap } from '../../source-map/source-map.js';
import type { HtmlRecord, Point, UrlRecord } from '../../records/url-record.js';
import { decodeHtml } from './html-charset.js';
import { isResolvedHtmlOptions, resolveHtmlOptions, type HtmlScanOptions, type ResolvedHtmlOptions } from './html-options.js';
import type { HtmlNoteCode, HtmlNoteSink } from './html-notes.js';
import { NextIndex } from '../../scanner/next-index.js';
import { metaUrl } from './meta-content.js';
import { lengthBit, urlAttributeKind, urlAttributeLengths, type ValueKind } from './url-attributes.js';
import { attributeFilter, isAbsoluteUrl } from './url-rule.js';
import { markRelative, resolveReference } from '../../records/relative-link.js';
import { spanUrl, trimmedSpan, valueSpans, type ValueSpan } from './value-urls.js';
import { QuietStretches } from './quiet-stretch.js';
import { codes } from '../../decode/character-codes.js';

export type { HtmlRecord } from '../../records/url-record.js';

/** A streaming HTML scanner: chunks of HTML in, records out as soon as they are complete. */
export interface HtmlScanner {
  write(chunk: string): HtmlRecord[];
  end(): HtmlRecord[];
}

/**
 * Create a streaming HTML scanner. Throws `TypeError` on invalid options.
 * `onNote`, when given, takes the notes instead of the options' `onNote`
 * (a mail part's notes are the message's).
 */
export function createHtmlScanner(options?: HtmlScanOptions | ResolvedHtmlOptions, onNote?: HtmlNoteSink): HtmlScanner {
  // options resolved once by the caller (`htmlDefaults`, `resolveHtmlOptions`) are not checked again
  const resolved = isResolvedHtmlOptions(options) ? options : resolveHtmlOptions(options as HtmlScanOptions | undefined);
  const finder = new HtmlUrlFinder(resolved, onNote ?? resolved.onNote);
  return { write: (chunk) => finder.write(chunk), end: () => finder.end() };
}

/**
 * Every URL in HTML: a string, or bytes decoded as a browser would
 * (`html-charset.ts`). Throws `TypeError` on misuse, never on input.
 */
export function scanHtmlWhole(html: string | Uint8Array, options?: HtmlScanOptions | ResolvedHtmlOptions): HtmlRecord[] {
  if (typeof html !== 'string' && !(html instanceof Uint8Array)) {
    throw new TypeError(`Expected a string or a Uint8Array, got ${html === null ? 'null' : typeof html}`);
  }
  const resolved = isResolvedHtmlOptions(options) ? options : resolveHtmlOptions(options as HtmlScanOptions | undefined);
  const scanner = createHtmlScanner(resolved);
  const records = scanner.write(typeof html === 'string' ? html : decodeHtml(html, resolved.onNote));
  for (const record of scanner.end()) records.push(record);
  return records;
}

/** A text run longer than this is scanned as a stream while it is read. */
const streamRunAfter = 1 << 20;
/**
 * A URL attribute's value longer than this is not read (a note says so):
 * memory stays bounded. The tag's other attributes are read.
 */
const maxValueLength = 1 << 20;
/**
 * A tag longer than this lets its start go from the source held: the URL
 * attributes it has read carry a copy of their own source from then on.
 */
const maxTagLength = 1 << 20;
/**
 * A `<base href>` longer than this is not the base: every relative link
 * would copy it (a 500 KB base and 20,000 links made 10 GB of URLs). Browsers
 * cap URLs at about 2 MB; a real base is a few dozen characters.
 */
export const maxBaseLength = 2048;
/** Source kept behind the read position at most (a comment longer than this is scanned from its last part). */
const maxHeld = 4 << 20;
/** Source dropped at least this much at a time (or all of it). */
const minDrop = 1 << 16;
/**
 * A quiet stretch (`quiet-stretch.ts`) is looked for this far at most: well
 * under `maxValueLength`, so no value in it earns a note.
 */
const maxStretch = 1 << 16;
/** Attributes of `<meta>` read to find its URL. */
const metaAttributes: ReadonlySet<string> = new Set(['content', 'http-equiv', 'property', 'name']);
/** The lengths of those names, as bits (`lengthBit`). */
const metaAttributeLengths = [...metaAttributes].reduce((bits, name) => bits | lengthBit(name.length), 0);

type RunKind = 'text' | 'script' | 'style' | 'comment';

interface Attribute {
  name: string;
  value: SourceMap;
  /** The decoded value, once the attribute has ended. */
  text: string;
  /**
   * The value's source text from offset `start`, and the point there: kept
   * when the tag grew so long that the source held let it go.
   */
  source?: { start: number; text: string; point: Point };
}

/**
 * htmlparser2's tokenizer reports where a character reference in text ends,
 * but not where it starts, nor either for one in an attribute value; its own
 * fields hold both at the time of the callback.
 */
interface EntityFields {
  entityStart: number;
  sectionStart: number;
}

/**
 * The tokenizer's read position (absolute) and whether it reads raw text
 * next: moved past a quiet stretch from the callback of a start tag's end,
 * or of an end tag whose name ends at its `>`, where the tokenizer goes on
 * from `index + 1` (`stateAfterClosingTagName` looks at the `>` it was
 * given, not at the position).
 */
interface ReadFields {
  index: number;
  isSpecial: boolean;
}

class HtmlUrlFinder {
  private readonly options: ResolvedHtmlOptions;
  private readonly tokenizer: Tokenizer;
  private readonly lines = LineIndex.streaming();
  /** Which attribute URLs are kept (`url-rule.ts`). */
  private readonly attributeFilter: RecordFilter;
  private out: HtmlRecord[] = [];
  /** Source held from `windowStart`: enough to slice what is still pending. */
  private window = '';
  private windowStart = 0;
  private fed = 0;
  // the text run being read (one, reused)
  private readonly run = new SourceMap();
  private runKind: RunKind = 'text';
  /**
   * A run of plain text not yet copied into `run`: the source `[pendingFrom,
   * pendingTo)` of kind `pendingKind` (`pendingFrom` -1 when none). Most runs
   * of an HTML part (white space between tags, words with no trigger) are
   * dropped unread, so their text is sliced only when a trigger is in them.
   */
  private pendingFrom = -1;
  private pendingTo = -1;
  private pendingKind: RunKind = 'text';
  /** Where the scanner's triggers are next in the source: runs without one are not scanned. */
  private readonly triggers: NextIndex[];
  private runScanner: Scanner | undefined;
  // the tag being read
  private tag = '';
  private tagStart = -1;
  private inTag = false;
  private wrapperTag = false;
  /**
   * The lengths of the names of the attributes the tag may hold URLs in, as
   * bits (`lengthBit`): only attribute names of those lengths are read; none
   * when 0 (most tags, `div`, `span`, `p`).
   */
  private attributeLengths = 0;
  private attributes: Attribute[] = [];
  private readonly valuePool: SourceMap[] = [];
  private attribute: Attribute | undefined;
  /** Inside `<script>` or `<style>`. */
  private rawText: 'script' | 'style' | undefined;
  /** The URL of the open `<a href>`. */
  private anchor: string | undefined;
  private base: URL | undefined;
  private baseSeen = false;
  /** Passes over stretches that can hold no URL (none with `resolve`: a relative link is then a record). */
  private readonly quiet: QuietStretches | undefined;
  constructor(
    options: ResolvedHtmlOptions,
    private readonly onNote: HtmlNoteSink | undefined,
  ) {
    this.options = options;
    this.attributeFilter = attributeFilter(options.resolved);
    this.triggers = [new NextIndex(':')];
    if (options.resolved.emails) this.triggers.push(new NextIndex('@'));
    // `www.` in any case, as the scanner finds it
    if (options.resolved.schemeless) this.triggers.push(new NextIndex('www.', true));
    if (!options.resolve) this.quiet = new QuietStretches(options.resolved);
    const callbacks: TokenizerCallbacks = {
      ontext: (start, end) => this.text(start, end),
      ontextentity: (codePoint, end) => this.textEntity(codePoint, end),
      onopentagname: (start, end) => this.openTag(start, end),
      onattribname: (start, end) => this.attributeName(start, end),
      onattribdata: (start, end) => {
        if (this.attribute !== undefined && this.fits(end - start)) this.copy(this.attribute.value, start, end);
      },
      onattribentity: (codePoint) => {
        const { entityStart, sectionStart } = this.tokenizer as unknown as EntityFields;
        if (this.attribute !== undefined && this.fits(1)) this.attribute.value.atom(String.fromCodePoint(codePoint), entityStart, sectionStart);
      },
      onattribend: (quote) => this.attributeEnd(quote),
      onopentagend: (end) => this.tagEnd(end, false),
      onselfclosingtag: (end) => this.tagEnd(end, true),
      onclosetag: (start, end) => this.closeTag(start, end),
      oncomment: (start, end) => this.comment(start, end),
      oncdata: (start, end) => {
        this.flushRun();
        this.text(start, end);
        this.flushRun();
      },
      ondeclaration: () => this.flushRun(),
      onprocessinginstruction: () => this.flushRun(),
      onend: () => this.flushRun(),
    };
    this.tokenizer = new Tokenizer({ decodeEntities: true }, callbacks);
  }

  write(chunk: string): HtmlRecord[] {
    if (typeof chunk !== 'string') throw new TypeError(`Expected a string, got ${typeof chunk}`);
    this.window = this.window.length === 0 ? chunk : this.window + chunk;
    this.fed += chunk.length;
    this.lines.feed(chunk);
    this.tokenizer.write(chunk);
    this.pumpRun();
    this.release();
    return this.take();
  }

  // rule: html-unclosed-tag
  end(): HtmlRecord[] {
    this.lines.finish();
    if (this.inTag) {
      // a tag still open at the end (an unclosed quote): the tokenizer drops it; its text is scanned as text
      this.inTag = false;
      this.attributes = [];
      this.copy(this.startRun('text'), this.tagStart, this.fed);
    }
    this.tokenizer.end();
    this.flushRun();
    return this.take();
  }

  private take(): HtmlRecord[] {
    const records = this.out;
    this.out = [];
    return records;
  }

  /** Source text `[from, to)`, clipped to what is held. */
  private slice(from: number, to: number): string {
    return this.window.slice(Math.max(0, from - this.windowStart), Math.max(0, to - this.windowStart));
  }

  /** Append the source `[from, to)` (clipped to what is held) to `map`, as a copy. */
  private copy(map: SourceMap, from: number, to: number): void {
    const start = Math.max(from, this.windowStart);
    if (to > start) map.copy(this.slice(start, to), start);
  }

  /** Drop the source nothing pending needs. */
  private release(): void {
    // a pending run the source held would no longer cover is copied first
    if (this.pendingFrom >= 0 && this.fed - maxHeld > this.pendingFrom) this.copyPending();
    let keep = this.fed;
    const { sectionStart } = this.tokenizer as unknown as EntityFields;
    // a section being read (a tag name starts after its `<`, which the tag's text needs)
    if (sectionStart >= 0) keep = Math.min(keep, sectionStart - 1);
    if (this.inTag) {
      if (this.fed - this.tagStart > maxTagLength) {
        // a long tag: what its URL attributes need of the source goes with them
        for (const attribute of this.attributes) this.keepSource(attribute);
        const reading = this.attribute?.value.sourceStart;
        if (reading !== undefined) keep = Math.min(keep, reading);
      } else keep = Math.min(keep, this.tagStart);
    }
    const runStart = this.run.sourceStart;
    if (runStart !== undefined) keep = Math.min(keep, runStart);
    if (this.pendingFrom >= 0) keep = Math.min(keep, this.pendingFrom);
    keep = Math.max(keep, this.fed - maxHeld, this.windowStart);
    // dropped in batches of at least half of what is held: each character is copied a bounded number of times
    if (keep - this.windowStart >= Math.max(minDrop, this.window.length >> 1)) {
      this.window = this.window.slice(keep - this.windowStart);
      this.windowStart = keep;
      this.lines.release(keep);
    }
  }

  // ── text ──────────────────────────────────────────────────────────────

  /** Where text goes now: its kind, or undefined when it is not scanned. */
  // rule: html-raw-text
  private textKind(): RunKind | undefined {
    if (this.rawText === 'script') return this.options.scripts ? 'script' : undefined;
    if (this.rawText === 'style') return this.options.styles ? 'style' : undefined;
    return 'text';
  }

  private startRun(kind: RunKind): SourceMap {
    this.copyPending();
    if (!this.run.empty && this.runKind === kind) return this.run;
    this.flushRun();
    this.runKind = kind;
    return this.run;
  }

  private text(start: number, end: number): void {
    const kind = this.textKind();
    if (kind === undefined || end <= start) return;
    if (this.run.empty && start >= this.windowStart) {
      // plain text on its own or right after the pending run: held as offsets until the run ends
      if (this.pendingFrom < 0) {
        this.pendingFrom = start;
        this.pendingTo = end;
        this.pendingKind = kind;
        return;
      }
      if (this.pendingKind === kind && this.pendingTo === start) {
        this.pendingTo = end;
        return;
      }
    }
    this.copy(this.startRun(kind), start, end);
  }

  /** Put the pending run's text into `run` (a run with an atom, a run streamed, a run that may hold a URL). */
  private copyPending(): void {
    if (this.pendingFrom < 0) return;
    const from = this.pendingFrom;
    this.pendingFrom = -1;
    // `run` is empty while a run is pending
    this.runKind = this.pendingKind;
    this.copy(this.run, from, this.pendingTo);
  }

  private textEntity(codePoint: number, end: number): void {
    const kind = this.textKind();
    if (kind === undefined) return;
    const { entityStart } = this.tokenizer as unknown as EntityFields;
    this.startRun(kind).atom(String.fromCodePoint(codePoint), entityStart, end);
  }

  private comment(start: number, end: number): void {
    this.flushRun();
    if (!this.options.comments) return;
    this.copy(this.startRun('comment'), start, end);
    this.flushRun();
  }

  /** A long run: scan what it holds as a stream, keep only what the scanner may still report. */
  private pumpRun(): void {
    if (this.pendingFrom >= 0 && this.pendingTo - this.pendingFrom >= streamRunAfter) this.copyPending();
    const run = this.run;
    if (run.empty) return;
    if (this.runScanner === undefined) {
      if (run.length < streamRunAfter) return;
      this.runScanner = new Scanner(this.options.resolved);
    }
    for (const record of this.runScanner.write(run.take())) this.emitText(record, run);
    // the scanner holds back at most an unclosed wrapper or a bare URL being read
    run.release(run.length - 4 * (this.options.resolved.maxWrapperLength + (1 << 16)));
  }

  // rule: html-text
  private flushRun(): void {
    if (this.pendingFrom >= 0) {
      // Every URL the scanner finds has a trigger (below): a pending run without one is dropped unread.
      const from = this.pendingFrom;
      const to = this.pendingTo;
      let mayHoldUrl = false;
      for (const trigger of this.triggers) mayHoldUrl ||= trigger.within(this.window, this.windowStart, from, to);
      if (!mayHoldUrl) {
        this.pendingFrom = -1;
        return;
      }
      this.copyPending();
    }
    const run = this.run;
    if (run.empty) return;
    let records: UrlRecord[] = [];
    if (this.runScanner !== undefined) {
      records = this.runScanner.write(run.take());
      for (const record of this.runScanner.end()) records.push(record);
      this.runScanner = undefined;
    } else {
      // Every URL the scanner finds has a `:`, or an `@` (emails), or `www.` (schemeless):
      // a run without one is not scanned. A run of copies is checked in the source, one search for the whole document.
      let text: string | undefined;
      let mayHoldUrl = false;
      if (run.copiesOnly) {
        const from = run.sourceStart as number;
        const to = run.end(run.length);
        for (const trigger of this.triggers) mayHoldUrl ||= trigger.within(this.window, this.windowStart, from, to);
      } else {
        const decoded = run.take();
        text = decoded;
        mayHoldUrl = this.triggers.some((trigger) => trigger.occursIn(decoded));
      }
      if (mayHoldUrl) {
        const scanner = new Scanner(this.options.resolved);
        records = scanner.write(text ?? run.take());
        for (const record of scanner.end()) records.push(record);
      }
    }
    for (const record of records) this.emitText(record, run);
    run.reset();
  }

  // rule: html-anchor-text-once
  private emitText(record: UrlRecord, run: SourceMap): void {
    if (this.runKind === 'text' && this.anchor !== undefined && record.url === this.anchor) return;
    const from = run.start(record.start.offset);
    const to = Math.max(from, run.end(record.end.offset));
    this.out.push(moveHtmlRecord(record, this.slice(from, to), this.lines.point(from), this.lines.point(to)));
  }

  // ── tags ──────────────────────────────────────────────────────────────

  // rule: html-wrapper-tag
  private openTag(start: number, end: number): void {
    const name = this.slice(start, end).toLowerCase();
    this.tag = name;
    this.tagStart = start - 1;
    this.inTag = true;
    if (this.attributes.length > 0) this.attributes = [];
    this.attribute = undefined;
    // `<URL:http://…>` or `<http://…>` written as is: an Appendix wrapper, not an element
    const colon = name.indexOf(':');
    this.wrapperTag = colon > 0 && (name.startsWith('url:') || knownScheme(name.slice(0, colon)) !== undefined);
    this.attributeLengths = this.wrapperTag ? 0 : name === 'meta' ? metaAttributeLengths : urlAttributeLengths(name);
    if (!this.wrapperTag) this.flushRun();
  }

  private attributeName(start: number, end: number): void {
    this.attribute = undefined;
    if ((this.attributeLengths & lengthBit(end - start)) === 0) return;
    const name = this.slice(start, end).toLowerCase();
    const wanted =
      urlAttributeKind(this.tag, name) !== undefined ||
      (this.tag === 'meta' && metaAttributes.has(name)) ||
      (this.tag === 'a' && name === 'href');
    // the first of two attributes with one name counts (HTML § attribute name state)
    if (!wanted || this.attributes.some((attribute) => attribute.name === name)) return;
    // the value runs are reused from tag to tag
    const value = (this.valuePool[this.attributes.length] ??= new SourceMap());
    value.reset();
    this.attribute = { name, value, text: '' };
  }

  /**
   * May the value being read grow by `length` units? Past `maxValueLength`
   * the attribute is dropped, with a note; its tag's other attributes stay.
   */
  private fits(length: number): boolean {
    const attribute = this.attribute as Attribute;
    if (attribute.value.length + length <= maxValueLength) return true;
    const start = attribute.value.sourceStart;
    const line = this.lines.point(start ?? this.fed).line;
    this.note('attribute-too-long', `an <${this.tag} ${attribute.name}> value of more than ${maxValueLength} characters is not read (the tag's other attributes are)`, line);
    this.attribute = undefined;
    return false;
  }

  private note(code: HtmlNoteCode, message: string, line?: number): void {
    if (this.onNote === undefined) return;
    this.onNote(line === undefined ? { code, message } : { code, message: `line ${line}: ${message}`, line });
  }

  /** Copy the source an attribute's records need (its value's), with the point where it starts. */
  private keepSource(attribute: Attribute): void {
    if (attribute.source !== undefined) return;
    const value = attribute.value;
    const start = value.sourceStart ?? this.fed;
    const end = value.empty ? start : value.end(value.length);
    // a copy: a slice would keep the whole source held alive
    attribute.source = { start, text: Buffer.from(this.slice(start, end), 'utf16le').toString('utf16le'), point: this.lines.point(start) };
  }

  /** The source `[from, to)` of an attribute's value, and the points there. */
  private valueSource(attribute: Attribute, from: number, to: number): { raw: string; start: Point; end: Point } {
    const source = attribute.source;
    if (source === undefined) return { raw: this.slice(from, to), start: this.lines.point(from), end: this.lines.point(to) };
    return {
      raw: source.text.slice(from - source.start, to - source.start),
      start: pointWithin(source, from),
      end: pointWithin(source, to),
    };
  }

  private attributeEnd(quote: QuoteType): void {
    if (this.attribute !== undefined && quote !== QuoteType.NoValue) {
      this.attribute.text = this.attribute.value.text;
      this.attributes.push(this.attribute);
    }
    this.attribute = undefined;
  }

  private tagEnd(end: number, selfClosing: boolean): void {
    this.inTag = false;
    const tag = this.tag;
    if (this.wrapperTag) {
      // read as text, where the wrapper may be rejoined with the text around it
      this.copy(this.startRun('text'), this.tagStart, end + 1);
      return;
    }
    if (tag === 'a') this.anchor = undefined;
    if (tag === 'meta') this.metaRecord();
    else {
      for (const attribute of this.attributes) {
        const kind = urlAttributeKind(tag, attribute.name);
        if (kind === undefined) continue;
        if (tag === 'base') {
          // the first `<base href>` sets the base (HTML § the base element); later ones are not read
          if (this.baseSeen) continue;
          this.baseSeen = true;
          const base = this.baseUrl(attribute);
          this.attributeRecords(attribute, kind, 'base href');
          this.base = base;
          continue;
        }
        const urls = this.attributeRecords(attribute, kind, `${tag} ${attribute.name}`);
        if (tag === 'a' && attribute.name === 'href') this.anchor = urls[0]?.url;
      }
    }
    if (this.attributes.length > 0) this.attributes = [];
    if (!selfClosing && (tag === 'script' || tag === 'style')) this.rawText = tag;
    else this.passQuietStretch(end + 1);
  }

  /**
   * From `from`, where the tokenizer reads text next with nothing pending
   * (after a start tag's or an end tag's `>`),
   * pass over the stretch that can hold no URL (`quiet-stretch.ts`): each of
   * its runs of text would be dropped unread, each of its tags gives no
   * record, and the tokenizer reads text again after it.
   */
  private passQuietStretch(from: number): void {
    const quiet = this.quiet;
    if (quiet === undefined || this.rawText !== undefined || this.inTag || !this.run.empty || this.pendingFrom >= 0) return;
    const tokenizer = this.tokenizer as unknown as ReadFields;
    if (tokenizer.isSpecial) return;
    const to = quiet.end(this.window, this.windowStart, from, Math.min(this.fed, from + maxStretch));
    if (to === from) return;
    if (quiet.passedAnchor) this.anchor = undefined;
    tokenizer.index = to - 1;
  }

  private closeTag(start: number, end: number): void {
    this.flushRun();
    // only `</a>`, `</script>` and `</style>` matter: the name is read only when its length fits
    const length = end - start;
    if (length === 1 || length === (this.rawText?.length ?? -1)) {
      const name = this.slice(start, end).toLowerCase();
      if (name === 'a') this.anchor = undefined;
      if (name === this.rawText) this.rawText = undefined;
    }
    // a name ending at `>` ends the tag: the tokenizer reads text from the next character
    if (this.window.charCodeAt(end - this.windowStart) === codes.greaterThan) this.passQuietStretch(end + 1);
  }

  /**
   * The URL a `<base href>` sets (HTML § set the frozen base URL): its value
   * parsed against the document's URL. A value that does not parse, or is a
   * `data:` or `javascript:` URL, sets none: relative links resolve against
   * the document's URL, as browsers resolve them. One longer than
   * `maxBaseLength` sets none either, with a note (every link would copy it).
   */
  // rule: html-relative-links
  private baseUrl(attribute: Attribute): URL | undefined {
    const value = attribute.text;
    const span = trimmedSpan(value);
    if (span === undefined) return undefined;
    const url = spanUrl(value, span);
    const line = this.lines.point(attribute.value.start(span.from)).line;
    if (url.length > maxBaseLength) {
      if (this.options.resolve) {
        this.note('base-not-used', `a <base href> of ${url.length} characters (more than ${maxBaseLength}) is not the base: relative links are resolved against the document's URL`, line);
      }
      return undefined;
    }
    let base: URL | undefined;
    try {
      if (isAbsoluteUrl(url)) base = new URL(url);
      else if (this.options.url !== undefined) {
        const resolved = resolveReference(url, this.options.url, this.options.root);
        base = resolved === undefined ? undefined : new URL(resolved);
      }
    } catch {
      return undefined;
    }
    if (base === undefined) return undefined;
    if (base.protocol === 'data:' || base.protocol === 'javascript:') {
      if (this.options.resolve) this.note('base-not-used', `a <base href> with a ${base.protocol} URL is not the base (browsers ignore it): relative links are resolved against the document's URL`, line);
      return undefined;
    }
    return base;
  }

  private metaRecord(): void {
    const content = this.attributes.find((attribute) => attribute.name === 'content');
    if (content === undefined) return;
    const value = (name: string) => this.attributes.find((attribute) => attribute.name === name)?.text;
    const found = metaUrl(value, content.text);
    if (found !== undefined) this.spanRecord(content, found.span, `meta ${found.kind}`);
  }

  private attributeRecords(attribute: Attribute, kind: ValueKind, name: string): HtmlRecord[] {
    const records: HtmlRecord[] = [];
    for (const span of valueSpans(attribute.text, kind)) {
      const record = this.spanRecord(attribute, span, name);
      if (record !== undefined) records.push(record);
    }
    return records;
  }

  /** The record of the URL at `span` of an attribute's value, if the rule keeps it. */
  private spanRecord(attribute: Attribute, span: ValueSpan, name: string): HtmlRecord | undefined {
    const value = attribute.value;
    let url = spanUrl(attribute.text, span);
    const relative = !isAbsoluteUrl(url);
    if (relative) {
      const resolved = this.resolve(url);
      if (resolved === undefined) return undefined;
      url = resolved;
    }
    const from = value.start(span.from);
    const to = Math.max(from, value.end(span.to));
    const source = this.valueSource(attribute, from, to);
    const record = createHtmlRecord(url, name, source.raw, source.start, source.end, this.attributeFilter);
    if (record === undefined) return undefined;
    if (relative) markRelative(record);
    this.out.push(record);
    return record;
  }

  /**
   * A relative link resolved against `<base href>`, else against the
   * document's URL (a `/` path against `root` when given); option `resolve`.
   */
  private resolve(reference: string): string | undefined {
    if (!this.options.resolve) return undefined;
    if (this.base !== undefined) return resolveReference(reference, this.base);
    if (this.options.url === undefined) return undefined;
    return resolveReference(reference, this.options.url, this.options.root);
  }
}

/**
 * The point at source offset `offset` inside a value whose source text
 * starts at `source.start`, at `source.point`: CR, LF and CRLF each end a
 * line, as the line index counts them.
 */
function pointWithin(source: { start: number; text: string; point: Point }, offset: number): Point {
  const within = LineIndex.ofText(source.text).point(offset - source.start);
  if (within.line === 1) return { line: source.point.line, column: source.point.column + within.column - 1, offset };
  return { line: source.point.line + within.line - 1, column: within.column, offset };
}
