/**
 * Units of a Markdown document that no record can come from, told without
 * parsing them, so that remark never reads them.
 *
 * A unit runs from one place a document may be cut (`part-boundaries.ts`)
 * to the next place where no fenced code is open. A record comes only from
 * text with a trigger, or from a link, an image, a definition or an
 * autolink, and each of those has one in its source:
 *
 * - `:` in a URL, a link's destination or a definition (`]:`); in a unit
 *   without `](` or `]:` (where any colon may end or start a destination:
 *   `[a](x: "title")`), only a colon that can start a URL counts: after a
 *   known scheme or a `<` and scheme characters (`<x:y>`, `<URL: x:y>`,
 *   whitespace after it allowed), or before
 *   something other than whitespace, a letter or a digit (`Note: x`,
 *   `10:30` and `key:value` start none);
 * - `&` (a character reference may spell any trigger); `@` right after
 *   what may end the local part of remark-gfm's e-mail literals (a letter,
 *   a digit, `+`, `-`, `.`, `_`, or an escape: `a\@b.example` is one), or
 *   in what may be an e-mail autolink (its local part may hold more:
 *   `<o'neil@a.example>`; no space, no `"`); with `emails`, after anything but a
 *   space, a tab or a line start (the scanner's addresses). `@types`,
 *   `'@scope/x'` and `` `@user` `` hold no address; `www.` in any case
 *   (remark-gfm's literals, read from the text: `www\.` is one too);
 * - with `schemeless`, a `.` after `w` (emphasis markers and escapes
 *   between them vanish from the text: `ww*w*.`, `www\.`);
 * - with `url` (relative destinations reported), `](` and `]:`;
 * - with `html`, `<`. Without it, `<` holds no record by itself
 *   (autolinks and wrappers hold a `:` or an `@`), but it may open an HTML
 *   block that changes what follows.
 *
 * Code holds no record unless `code` is asked for: with it off, the lines
 * of a fenced code block opened at column 1 are not looked at.
 *
 * A quiet unit must also leave nothing open that changes what follows.
 * Fenced code is followed line by line (an opening fence at column 1 is
 * one, outside a container; one indented by 1 to 3 spaces may be inside a
 * list item, so a unit holding one is parsed). A unit with a `<` is quiet
 * only without any fence (inside an HTML block a fence is text) and with
 * every HTML block of kinds 1–5 that starts on a line of its own (after up
 * to 3 spaces) ended in the unit; kinds 6 and 7 end at the blank line
 * before the next unit. Front matter is not looked at here: the caller
 * reads it with the first part, whole (see {@link frontMatterEnd}).
 *
 * ```markdown
 * > | Installing                ← quiet: no trigger
 * > |
 * > | ```sh
 * > | npm i --save x:y          ← code: not looked at
 * > | ```
 *   |
 *   | See <http://a.example/>.  ← parsed
 * ```
 */
import { codes } from '../../../decode/character-codes.js';
import { isAsciiAlphanumeric, isSchemeChar } from '../../../scanner/character-classes.js';
import { knownSchemes, maxKnownSchemeLength } from '../../../scanner/known-schemes.js';
import { countAtOrBelow } from '../../../source-map/search.js';
import { htmlKindOf, type HtmlKind } from '../unit-reader/html-kinds.js';
import { runLength } from './open-block.js';
import { afterLineEnding, endOfLine, endOfLineIn, isBlank } from './part-boundaries.js';

const {
  space,
  tab,
  lineFeed,
  carriageReturn,
  colon,
  lessThan,
  ampersand,
  atSign,
  dot,
  rightSquareBracket,
  leftParenthesis,
  graveAccent,
  tilde,
  asterisk,
  underscore,
  backslash,
  dash,
  plusSign,
  lowercaseA,
  uppercaseA,
  lowercaseW,
} = codes;

/** What may hold a record, from the plugin's options. */
export interface QuietSettings {
  code: boolean;
  html: boolean;
  emails: boolean;
  schemeless: boolean;
  /** Relative destinations are reported (options `url`, `root`): every `](` and `]:` may hold a record. */
  relative: boolean;
}

export interface Unit {
  /** Where the unit ends: a boundary, or the end of the document. */
  end: number;
  /** No record can come from it. */
  quiet: boolean;
}

/**
 * The unit starting at `from` (a boundary, or 0), where no block is open;
 * `boundaries` are the document's places to cut, in order. `crFree`: the
 * document holds no CR (its lines are found faster).
 */
// rule: markdown-quiet-units
export function unitAt(source: string, from: number, boundaries: readonly number[], settings: QuietSettings, crFree = false): Unit {
  // the first boundary after `from`
  let next = countAtOrBelow(boundaries, from);
  const naturalEnd = next < boundaries.length ? (boundaries[next] as number) : source.length;
  /** The boundary the lines are at when they meet it (-1: none left), read within the list. */
  let boundary = next < boundaries.length ? naturalEnd : -1;
  /**
   * A link's destination follows `](`, a definition's `]:`: in a unit with
   * one, any colon may end or start one. Looked for once a colon that
   * starts no URL by itself is met (most units hold none).
   */
  let anyColon: boolean | undefined;
  /** A trigger was met: the unit is parsed, and ends at the first boundary where no fence opened at column 1 is open. */
  let triggered = false;
  /** The marker of the fenced code open at column 1, if one is. */
  let fence: number | undefined;
  let fenceLength = 0;
  /** Without `html`, `<` holds no record; it is quiet when no HTML block of kinds 1–5 is left open and no fence is near. */
  let lessThanSeen = false;
  let fenceSeen = false;
  let openHtml: HtmlKind | undefined;
  for (let line = from; line < source.length; ) {
    if (line === boundary) {
      if (fence === undefined) {
        if (triggered) return { end: line, quiet: false };
        return lessThanSeen && (fenceSeen || openHtml !== undefined) ? parsedTo(openHtml, naturalEnd, line) : { end: line, quiet: true };
      }
      next++;
      boundary = next < boundaries.length ? (boundaries[next] as number) : -1;
    }
    // what the line holds, looked at while its end is found (not after a trigger: then only fences matter)
    let found: number = holds.nothing;
    let lineEnd: number;
    if (triggered || (fence !== undefined && !settings.code)) {
      lineEnd = endOfLineIn(source, line, crFree);
    } else {
      found = lineHolds(source, line, fence !== undefined || line >= naturalEnd, settings, crFree);
      lineEnd = lineScan.end;
      if ((found & holds.colon) !== 0 && (anyColon ??= opensDestination(source, from, naturalEnd))) found |= holds.trigger;
    }
    if (fence !== undefined) {
      if (isClosingFence(source, line, lineEnd, fence, fenceLength)) fence = undefined;
      else if ((found & holds.trigger) !== 0) triggered = true;
    } else {
      const indent = spacesAt(source, line, lineEnd);
      const opening = indent <= 3 ? openingFence(source, line + indent, lineEnd) : 0;
      if (opening > 0) {
        // indented 1 to 3 spaces, it may be inside a list item: parse
        if (indent > 0) return { end: naturalEnd, quiet: false };
        fence = source.charCodeAt(line);
        fenceLength = opening;
        fenceSeen = true;
      }
      if (triggered) {
        // only where a fence opens and closes matters now
      } else if ((found & holds.trigger) !== 0 || (settings.relative && opensDestination(source, line, lineEnd))) {
        triggered = true;
      } else if ((found & holds.lessThan) !== 0) {
        if (settings.html) return { end: naturalEnd, quiet: false };
        lessThanSeen = true;
        let searchFrom = line;
        if (openHtml === undefined && indent <= 3 && source.charCodeAt(line + indent) === lessThan) {
          openHtml = htmlKindOf(source.slice(line + indent, lineEnd));
          // on its first line, the end may overlap the start (`<!-->`, `<?>`)
          if (openHtml !== undefined) searchFrom = Math.min(line + indent + openHtml.endFrom, lineEnd);
        }
        if (openHtml !== undefined && openHtml.endsIn(source, searchFrom, lineEnd)) openHtml = undefined;
      } else if (openHtml !== undefined && openHtml.endsIn(source, line, lineEnd)) {
        openHtml = undefined;
      }
    }
    line = afterLineEnding(source, lineEnd);
  }
  if (triggered) return { end: source.length, quiet: false };
  return lessThanSeen && (fenceSeen || openHtml !== undefined) ? parsedTo(openHtml, naturalEnd, source.length) : { end: source.length, quiet: true };
}

/**
 * A `<` with a fence or an HTML block of kinds 1–5 left open: parsed. An
 * HTML block left open runs on past any boundary (to the first,
 * `naturalEnd`, then as far as it runs); else the unit ends at `end`, where
 * no fence is open (the fences are whole in it: not cut at the first
 * boundary, inside one).
 */
function parsedTo(openHtml: HtmlKind | undefined, naturalEnd: number, end: number): Unit {
  return { end: openHtml !== undefined ? naturalEnd : end, quiet: false };
}

/**
 * Where front matter ends (after its closing fence's line), or 0 when the
 * document has none: `---` or `+++` alone on the first line (spaces and
 * tabs after it allowed) and the same again on a later line, as
 * micromark-extension-frontmatter reads it.
 */
export function frontMatterEnd(source: string): number {
  const marker = source.charCodeAt(0);
  if (marker !== dash && marker !== plusSign) return 0;
  let lineEnd = endOfLine(source, 0);
  if (!isMatterFence(source, 0, lineEnd, marker) || lineEnd === source.length) return 0;
  for (let line = afterLineEnding(source, lineEnd); line < source.length; line = afterLineEnding(source, lineEnd)) {
    lineEnd = endOfLine(source, line);
    if (isMatterFence(source, line, lineEnd, marker)) return afterLineEnding(source, lineEnd);
  }
  return 0;
}

function isMatterFence(source: string, from: number, to: number, marker: number): boolean {
  if (to - from < 3) return false;
  for (let at = from; at < from + 3; at++) if (source.charCodeAt(at) !== marker) return false;
  return isBlank(source, from + 3, to);
}

/**
 * What a line holds, as flags: a trigger; a `<`; a colon that starts no
 * URL by itself but counts in a unit with a destination (`]( `, `]:`).
 */
const holds = { nothing: 0, trigger: 1, lessThan: 2, colon: 4 } as const;

/** Where the line {@link lineHolds} looked at last ends (its line ending, or the end of the text). */
const lineScan = { end: 0 };

/** The characters {@link lineHolds} looks at (outside a possible autolink, every other one is passed over in one check). */
const asciiLimit = 128;
const lookedAt = new Uint8Array(asciiLimit);
for (const code of [ampersand, atSign, lessThan, colon, dot, lineFeed, carriageReturn]) lookedAt[code] = 1;

/**
 * What the line starting at `from` holds (flags of {@link holds}: it is
 * looked at to its first trigger, else whole), its end found on the way
 * (in {@link lineScan}: a CR or LF, or the end of `source`). `anyColon`:
 * every `:` is a trigger, also one followed by whitespace. `crFree`: the
 * text holds no CR.
 */
function lineHolds(source: string, from: number, anyColon: boolean, { emails, schemeless }: QuietSettings, crFree: boolean): number {
  /** A `<` before, with only what an e-mail autolink's local part may hold since: an autolink may hold an address there. */
  let inAutolink = false;
  let found: number = holds.nothing;
  let at = from;
  // the length read once: before V8 optimizes this loop, each read of it is a property look-up
  const length = source.length;
  for (; at < length; at++) {
    const code = source.charCodeAt(at);
    if (!inAutolink && (code >= asciiLimit || lookedAt[code] === 0)) continue;
    if (code === lineFeed || code === carriageReturn) break;
    if (code === ampersand) return trigger(source, at, crFree);
    if (code === atSign) {
      const before = at === from ? space : source.charCodeAt(at - 1);
      if (emails ? before !== space && before !== tab : inAutolink || mayEndLocalPart(before)) return trigger(source, at, crFree);
    }
    if (code === lessThan) {
      inAutolink = true;
      found |= holds.lessThan;
    } else if (inAutolink && !isAutolinkLocalPart(code)) inAutolink = false;
    if (code === colon) {
      if (anyColon || colonMayStartUrl(source, at, from)) return trigger(source, at, crFree);
      found |= holds.colon;
    } else if (code === dot) {
      if (schemeless ? afterW(source, at, from) : wwwBefore(source, at, from)) return trigger(source, at, crFree);
    }
  }
  lineScan.end = at;
  return found;
}

/** A trigger at `at`: the rest of its line is passed over to its end (found with `indexOf` in a text without CR). */
function trigger(source: string, at: number, crFree: boolean): number {
  lineScan.end = endOfLineIn(source, at, crFree);
  return holds.trigger;
}

/** A character of an e-mail autolink's local part (CommonMark § 6.5: `a-zA-Z0-9.!#$%&'*+/=?^_\`{|}~-`). */
function isAutolinkLocalPart(code: number): boolean {
  return isAsciiAlphanumeric(code) || autolinkLocalPunctuation.includes(String.fromCharCode(code));
}

const autolinkLocalPunctuation = ".!#$%&'*+/=?^_`{|}~-";

/** May `code` end the local part of a remark-gfm e-mail literal (`[\w+\-.]`), or be an escape (`\@` is an `@` to it)? */
function mayEndLocalPart(code: number): boolean {
  return isAsciiAlphanumeric(code) || code === plusSign || code === dash || code === dot || code === underscore || code === backslash;
}

/**
 * Can the `:` at `colon` (in a unit with no destination and no `<`) start
 * a URL in text? Only after a known scheme (`mailto:x`, `tel:1`), or
 * before something other than a letter or a digit (`x://`, and the
 * markers and escapes that vanish from the text); `Note: x`, `10:30`,
 * `key:value` start none.
 */
function colonMayStartUrl(source: string, colon: number, from: number): boolean {
  // the scheme characters before it
  let start = colon;
  while (start > from && isSchemeChar(source.charCodeAt(start - 1))) start--;
  // an autolink or a wrapper (`<x:y>`, `<URL: x:y>`, a space after the colon allowed)
  if (start < colon && start > from && source.charCodeAt(start - 1) === lessThan) return true;
  const after = source.charCodeAt(colon + 1);
  if (after === space || after === tab || after === lineFeed || after === carriageReturn || Number.isNaN(after)) return false;
  if (!isAsciiAlphanumeric(after) || start === colon) return true;
  const word = source.slice(Math.max(start, colon - maxKnownSchemeLength), colon).toLowerCase();
  return knownSchemeNames.some((name) => word.endsWith(name));
}

const knownSchemeNames = Object.keys(knownSchemes);

/** `www` (any case) right before the `.` at `dot`, or before an escaped one (`www\.`: remark-gfm reads the text). */
function wwwBefore(source: string, dot: number, from: number): boolean {
  const end = source.charCodeAt(dot - 1) === backslash ? dot - 1 : dot;
  if (end - from < 3) return false;
  for (let at = end - 3; at < end; at++) if (!isW(source.charCodeAt(at))) return false;
  return true;
}

/** A `w` (any case) before the `.` at `dot`, with only emphasis markers and backslashes between. */
function afterW(source: string, dot: number, from: number): boolean {
  for (let at = dot - 1; at >= from; at--) {
    const code = source.charCodeAt(at);
    if (isW(code)) return true;
    if (code !== asterisk && code !== underscore && code !== tilde && code !== backslash) return false;
  }
  return false;
}

function isW(code: number): boolean {
  return (code | (lowercaseA - uppercaseA)) === lowercaseW;
}

/** The length of an opening code fence at `at` (its first character), or 0. */
function openingFence(source: string, at: number, lineEnd: number): number {
  const marker = source.charCodeAt(at);
  if (marker !== graveAccent && marker !== tilde) return 0;
  const length = runLength(source, at, marker);
  if (length < 3) return 0;
  // a backtick fence's info string holds no backtick
  if (marker === graveAccent && indexBefore(source, graveAccent, at + length, lineEnd)) return 0;
  return length;
}

/** A closing fence: up to 3 spaces, at least `length` of `marker`, then only spaces and tabs. */
function isClosingFence(source: string, line: number, lineEnd: number, marker: number, length: number): boolean {
  const indent = spacesAt(source, line, lineEnd);
  if (indent > 3) return false;
  const run = runLength(source, line + indent, marker);
  return run >= length && isBlank(source, line + indent + run, lineEnd);
}

/** Spaces at the start of the line at `line` (a tab makes it at least 4 columns). */
function spacesAt(source: string, line: number, lineEnd: number): number {
  let at = line;
  while (at < lineEnd && source.charCodeAt(at) === space) at++;
  return at < lineEnd && source.charCodeAt(at) === tab ? 4 : at - line;
}

/** Is `]` followed by `(` or `:` somewhere in `source[from, to)`? */
function opensDestination(source: string, from: number, to: number): boolean {
  for (let at = from; at + 1 < to; at++) {
    if (source.charCodeAt(at) !== rightSquareBracket) continue;
    const next = source.charCodeAt(at + 1);
    if (next === leftParenthesis || next === colon) return true;
  }
  return false;
}

/**
 * Is `code` in `source[from, to)`? A loop, not `indexOf`: that searches on
 * to the end of the document when the character is not there, and a unit
 * or a line at a time that would make reading a document quadratic.
 */
function indexBefore(source: string, code: number, from: number, to: number): boolean {
  for (let at = from; at < to; at++) if (source.charCodeAt(at) === code) return true;
  return false;
}
