/**
 * A quiet stretch of HTML: from a place where the tokenizer reads text and
 * nothing is pending, a run of whole tags and the text between them that
 * can hold no URL, so that the adapter may pass over it without the
 * tokenizer and give the same records and notes.
 *
 * What the stretch may hold, each piece read as htmlparser2's tokenizer
 * reads it:
 * - text with no trigger of the scanner (`:`, `@` with `emails`, `www.`
 *   with `schemeless`) and no `&` (a character reference can spell a
 *   colon: `&colon;`, `&#58;`); every piece of text in it is followed by a
 *   tag in it, which ends its run, so the run is dropped unread;
 * - start tags whose URL attributes (`url-attributes.ts`) hold no `:` and
 *   no `&` (a URL in an attribute needs a scheme and its colon, and a
 *   relative link is read only with `resolve`, which turns the stretch
 *   off), other attributes any value; `<a>` (the stretch says it passed
 *   one: the open `<a href>` is then forgotten);
 * - end tags whose name starts with a letter.
 *
 * It ends before anything else: `<!` (comments, CDATA, declarations),
 * `<?`, `</` without a letter, a `<` that starts no tag, the tags whose
 * content the tokenizer reads as raw text (`script`, `style`, `title`,
 * `textarea`, `xmp`, `iframe`, `noembed`, `noframes`, `plaintext`),
 * `<base>`, `<meta>`, an Appendix wrapper written as a tag (`<URL:…>`,
 * `<http://…>`), a tag not closed before the limit, and the limit itself
 * (the caller keeps it under the value size that would earn a note).
 */
import { codes } from '../../decode/character-codes.js';
import { knownScheme } from '../../scanner/known-schemes.js';
import { NextIndex } from '../../scanner/next-index.js';
import { isAsciiAlpha } from '../../scanner/character-classes.js';
import { lengthBit, urlAttributeKind, urlAttributeLengths } from './url-attributes.js';
import { isHtmlSpace } from './value-urls.js';

/** The tags after which the tokenizer reads raw text or RCDATA, and the two the adapter reads apart. */
const stopTags: ReadonlySet<string> = new Set([
  'script',
  'style',
  'title',
  'textarea',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'plaintext',
  'base',
  'meta',
]);

/** Does a tag name, an attribute name or an unquoted value end at `code` (the tokenizer's `isEndOfTagSection`)? */
function endsSection(code: number): boolean {
  return code === codes.slash || code === codes.greaterThan || isHtmlSpace(code);
}

/** An Appendix wrapper written as a tag, as the adapter tells one (`openTag`). */
function isWrapperName(name: string): boolean {
  const colon = name.indexOf(':');
  return colon > 0 && (name.startsWith('url:') || knownScheme(name.slice(0, colon)) !== undefined);
}

const enum AttributeState {
  BeforeName,
  Name,
  AfterName,
  BeforeValue,
  Unquoted,
  SelfClosing,
}

/** Finds quiet stretches; one per document, its text triggers searched once over the source. */
export class QuietStretches {
  /** Did the last stretch found pass an `<a>` start or end tag? */
  passedAnchor = false;
  /** Is the tag just read an `<a>` or `</a>`? */
  private anchorTag = false;
  private readonly triggers: NextIndex[];

  constructor(options: { emails: boolean; schemeless: boolean }) {
    this.triggers = [new NextIndex(':'), new NextIndex('&')];
    if (options.emails) this.triggers.push(new NextIndex('@'));
    if (options.schemeless) this.triggers.push(new NextIndex('www.', true));
  }

  /**
   * The end (absolute) of the quiet stretch from `from` (absolute; the
   * tokenizer reads text there), read no further than `limit`: `from` when
   * there is none. `source` holds the input from absolute offset `base`,
   * up to `limit` at least; `from` never goes back from call to call.
   */
  end(source: string, base: number, from: number, limit: number): number {
    this.passedAnchor = false;
    let end = from;
    let at = from;
    for (;;) {
      const open = source.indexOf('<', at - base);
      if (open === -1 || open + base >= limit) return end;
      const tagStart = open + base;
      // the text before the tag
      if (tagStart > at) {
        for (const trigger of this.triggers) if (trigger.within(source, base, at, tagStart)) return end;
      }
      const next = source.charCodeAt(open + 1);
      this.anchorTag = false;
      let tagEnd: number;
      if (isAsciiAlpha(next)) tagEnd = this.startTagEnd(source, base, tagStart, limit);
      else if (next === codes.slash && isAsciiAlpha(source.charCodeAt(open + 2))) tagEnd = this.endTagEnd(source, base, tagStart, limit);
      else return end;
      if (tagEnd === -1) return end;
      if (this.anchorTag) this.passedAnchor = true;
      end = tagEnd + 1;
      at = end;
    }
  }

  /** The `>` ending an end tag starting at `tagStart` (`</` and a letter), or -1. */
  private endTagEnd(source: string, base: number, tagStart: number, limit: number): number {
    const nameFrom = tagStart + 2 - base;
    const close = source.indexOf('>', nameFrom);
    if (close === -1 || close + base >= limit) return -1;
    // the name runs to the first space, `/` or `>`; the tokenizer passes over the rest up to `>`
    let nameTo = nameFrom + 1;
    while (!endsSection(source.charCodeAt(nameTo))) nameTo++;
    if (nameTo - nameFrom === 1) {
      const code = source.charCodeAt(nameFrom);
      this.anchorTag = code === codes.lowercaseA || code === codes.uppercaseA;
    }
    return close + base;
  }

  /** The `>` ending a start tag starting at `tagStart` (`<` and a letter), or -1 when the stretch must end before it. */
  private startTagEnd(source: string, base: number, tagStart: number, limit: number): number {
    const stop = Math.min(limit - base, source.length);
    const nameFrom = tagStart + 1 - base;
    let index = nameFrom + 1;
    while (index < stop && !endsSection(source.charCodeAt(index))) index++;
    if (index >= stop) return -1;
    const name = source.slice(nameFrom, index).toLowerCase();
    if (stopTags.has(name) || isWrapperName(name)) return -1;
    this.anchorTag = name === 'a';
    const lengths = urlAttributeLengths(name);
    let state = AttributeState.BeforeName;
    let from = 0;
    let urlAttribute = false;
    // the tokenizer's attribute states (BeforeAttributeName … InSelfClosingTag), the tag's end reconsumed
    while (index < stop) {
      const code = source.charCodeAt(index);
      switch (state) {
        case AttributeState.BeforeName:
          if (code === codes.greaterThan) return index + base;
          if (code === codes.slash) state = AttributeState.SelfClosing;
          else if (!isHtmlSpace(code)) {
            state = AttributeState.Name;
            from = index;
          }
          break;
        case AttributeState.SelfClosing:
          if (code === codes.greaterThan) return index + base;
          if (!isHtmlSpace(code)) {
            state = AttributeState.BeforeName;
            continue;
          }
          break;
        case AttributeState.Name:
          if (code === codes.equalsSign || endsSection(code)) {
            urlAttribute = (lengths & lengthBit(index - from)) !== 0 && urlAttributeKind(name, source.slice(from, index).toLowerCase()) !== undefined;
            state = AttributeState.AfterName;
            continue;
          }
          break;
        case AttributeState.AfterName:
          if (code === codes.equalsSign) state = AttributeState.BeforeValue;
          else if (code === codes.slash || code === codes.greaterThan) {
            state = AttributeState.BeforeName;
            continue;
          } else if (!isHtmlSpace(code)) {
            state = AttributeState.Name;
            from = index;
          }
          break;
        case AttributeState.BeforeValue:
          if (code === codes.quotationMark || code === codes.apostrophe) {
            const close = source.indexOf(code === codes.quotationMark ? '"' : "'", index + 1);
            if (close === -1 || close >= stop) return -1;
            if (urlAttribute && mayHoldUrl(source, index + 1, close)) return -1;
            index = close;
            state = AttributeState.BeforeName;
          } else if (!isHtmlSpace(code)) {
            state = AttributeState.Unquoted;
            from = index;
            continue;
          }
          break;
        case AttributeState.Unquoted:
          if (isHtmlSpace(code) || code === codes.greaterThan) {
            if (urlAttribute && mayHoldUrl(source, from, index)) return -1;
            state = AttributeState.BeforeName;
            continue;
          }
          break;
      }
      index++;
    }
    return -1;
  }
}

/** May an attribute value's source `[from, to)` give a URL: a colon, or a reference that may spell one? */
function mayHoldUrl(source: string, from: number, to: number): boolean {
  for (let index = from; index < to; index++) {
    const code = source.charCodeAt(index);
    if (code === codes.colon || code === codes.ampersand) return true;
  }
  return false;
}
