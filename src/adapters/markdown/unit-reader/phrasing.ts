/**
 * The phrasing content of one paragraph or heading, read left to right as
 * CommonMark's inline parsing does: backslash escapes, code spans, soft and
 * hard line breaks, character references, autolinks, inline links and
 * images (a bracket stack), emphasis and GFM strikethrough runs (resolved
 * by `emphasis.ts`), GFM literals (`www.`, `http(s)://`, e-mail addresses)
 * and inline HTML (`raw-html.ts`).
 *
 * It returns {@link notModelled} for what it does not read
 * exactly: numeric character references micromark decodes
 * otherwise, emphasis beside strikethrough where which micromark met first
 * is not plain (a `~` before the first `*` or `_` run that is none, and the
 * other way round), `|`, a bracket that may be a reference
 * (`labels`: its label may be defined in the document; brackets that
 * surely are no reference, or left open, are text), text
 * where remark-gfm would still find a literal, too many emphasis runs.
 */
import { codes } from '../../../decode/character-codes.js';
import { codeAt, isAsciiPunctuation } from './characters.js';
import { BacktickRuns, codeSpanValue } from './code-spans.js';
import { delimiterRun, resolveRuns, strikethroughRun } from './emphasis.js';
import type { BracketOpener, Inline, Piece } from './inline-nodes.js';
import { emailLiteral, isEmailAtext, literalStart, mayStartEmail, mayStartProtocol, mayStartWww, protocolLiteral, wwwLiteral, type Literal } from './autolink-literals.js';
import { readLinkTail, surelyNoResource } from './link-tail.js';
import { autolinkAt } from './autolinks.js';
import { referenceAt } from './references.js';
import { maxLabelLength, normalizeLabel, type KnownDefinitions, type PossibleLabels } from './labels.js';
import { inlineHtmlValue, RawHtml } from './raw-html.js';
import { isAsciiAlphanumeric } from '../../../scanner/character-classes.js';
import { absent, notModelled, type Absent, type NotModelled } from './answers.js';

const {
  backslash,
  lineFeed,
  space,
  tab,
  graveAccent,
  asterisk,
  underscore,
  leftSquareBracket,
  rightSquareBracket,
  exclamationMark,
  leftParenthesis,
  lessThan,
  ampersand,
  tilde,
  null: nul,
  carriageReturn,
} = codes;

/** More emphasis runs than this in one block: not modelled (resolving them is quadratic). */
const maxDelimiters = 128;

/** What remark-gfm's literal transform would still look for in a text node: URLs, `mailto:` and `xmpp:` forms (taken as found). */
const laterLiteral = /https?:\/\/|www\.|mailto:|xmpp:/i;
/** Its e-mail addresses, as mdast-util-gfm-autolink-literal finds them (its own expression). */
const laterEmail = /(?<![\w+\-.]|(?:^|[^\d@A-Za-z])(?:mailto|xmpp):)([\w+\-.]+)@([\w-]+(?:\.[\w-]+)+)/g;
/** A domain it takes for none (it then looks again one character on). */
const refusedDomain = /[\d\-_]$/;

/** How the lines of an inline text are read (see {@link readPhrasing}). */
export interface InlineLines {
  /** A line after the first starts after a container's prefix or with indentation (see `surelyNoResource`). */
  indented: boolean;
  /**
   * Told by the reading: where in the text the first backtick run left
   * unmatched with a line ending after it ends (-1: none). micromark's
   * attempt at a code span reads on across every line ending after it, and
   * a text or a break ending with such a line ending then ends where the
   * next line's content starts (after its containers' prefixes).
   */
  crossedFrom: number;
}

/** The phrasing content of `text` (a block's inline text), or undefined when not modelled. */
export function readPhrasing(text: string, context: ReferenceContext, lines: InlineLines = { indented: false, crossedFrom: -1 }): Inline[] | NotModelled {
  const indentedLines = lines.indented;
  const pieces: Piece[] = [];
  const brackets: { opener: BracketOpener; index: number }[] = [];
  /** Link openers below this place in `brackets` are inactive (a link formed after them: no link inside a link); kept as one number so that forming a link costs the same however many openers are left. */
  let inactiveBelow = 0;
  const backticks = new BacktickRuns(text);
  let html: RawHtml | undefined;
  let tildes: TildeRuns | undefined;
  let delimiters = 0;
  /** Runs of `*` or `_`, and runs of tildes that may pair, met. */
  let emphasisRuns = false;
  let strikethroughRuns = false;
  /** Where the first run of `*` or `_` is, and the first run of one or two tildes (paired or not: micromark met it). */
  let firstEmphasis = -1;
  let firstTildes = -1;
  /** The text node being built: where it started and its value so far. */
  let runFrom = -1;
  let value = '';
  /** Where the source not yet in `value` starts. */
  let pending = -1;

  const end = text.length;
  /** Where the text's last line ending is (-1: none), found when a backtick run left unmatched asks. */
  let lastLineEnding: number | undefined;
  /** An e-mail literal needs an `@`: without one, none is looked for at each word. */
  const holdsAtSign = text.includes('@');
  let at = 0;
  const startRun = (from: number) => {
    if (runFrom === -1) {
      runFrom = from;
      value = '';
    }
  };
  /** After a line ending in a run: where its next line's indentation starts and ends (not the run's). */
  let indentFrom = -1;
  let indentTo = -1;
  const flush = (upTo: number) => {
    if (runFrom === -1) return;
    const to = upTo === indentTo ? indentFrom : upTo;
    if (pending !== -1) value += text.slice(pending, to);
    pending = -1;
    if (value.length > 0 || to > runFrom) pieces.push({ type: 'text', from: runFrom, to, value });
    runFrom = -1;
    value = '';
  };
  /** Plain characters from `at`: into the run. */
  const plain = (from: number) => {
    startRun(from);
    if (pending === -1) pending = from;
  };

  while (at < end) {
    const code = text.charCodeAt(at);
    switch (code) {
      case lessThan: {
        const autolink = autolinkAt(text, at);
        if (autolink !== undefined) {
          // an autolink in a link's text: not modelled
          if (brackets.length > 0) return notModelled;
          flush(at);
          const label = text.slice(at + 1, autolink.end - 1);
          pieces.push({ type: 'link', from: at, to: autolink.end, url: autolink.url, title: null, children: [{ type: 'text', from: at + 1, to: autolink.end - 1, value: label }] });
          at = autolink.end;
          break;
        }
        const htmlEnd = (html ??= new RawHtml(text)).endAt(at);
        if (htmlEnd === notModelled) return notModelled;
        if (htmlEnd === absent) {
          plain(at);
          at++;
          break;
        }
        flush(at);
        pieces.push({ type: 'html', from: at, to: htmlEnd, value: inlineHtmlValue(text, at, htmlEnd) });
        at = htmlEnd;
        break;
      }
      case ampersand: {
        const reference = referenceAt(text, at);
        if (reference === notModelled) return notModelled;
        if (reference === absent) {
          plain(at);
          at++;
          break;
        }
        startRun(at);
        if (pending !== -1) value += text.slice(pending, at);
        value += reference.value;
        pending = reference.end;
        at = reference.end;
        break;
      }
      case tilde: {
        // a run of one or two tildes may open or close strikethrough, unless no other run has its size; a longer run is text
        let runEnd = at;
        while (runEnd < end && text.charCodeAt(runEnd) === tilde) runEnd++;
        if (runEnd - at <= 2 && firstTildes === -1) firstTildes = at;
        if (runEnd - at <= 2 && !(tildes ??= new TildeRuns(text)).alone(runEnd - at)) {
          if (++delimiters > maxDelimiters) return notModelled;
          flush(at);
          pieces.push(strikethroughRun(text, at, runEnd));
          strikethroughRuns = true;
        } else plain(at);
        at = runEnd;
        break;
      }
      case nul:
        return notModelled;
      case backslash: {
        const next = codeAt(text, at + 1);
        const ending = lineEndingAt(text, at + 1);
        if (ending > 0) {
          flush(at);
          pieces.push({ type: 'break', from: at, to: at + 1 + ending });
          at = skipIndent(text, at + 1 + ending);
        } else if (isAsciiPunctuation(next)) {
          startRun(at);
          if (pending !== -1) value += text.slice(pending, at);
          pending = at + 1;
          at += 2;
        } else {
          plain(at);
          at++;
        }
        break;
      }
      case carriageReturn:
      case lineFeed: {
        const ending = lineEndingAt(text, at);
        // a `\r` alone: not modelled
        if (ending === 0) return notModelled;
        // spaces before a line ending: two or more make a hard break, fewer are dropped
        const limit = pending === -1 ? at : pending;
        let spaces = 0;
        while (at - spaces - 1 >= limit && text.charCodeAt(at - spaces - 1) === space) spaces++;
        if (spaces >= 2) {
          flush(at - spaces);
          pieces.push({ type: 'break', from: at - spaces, to: at + ending });
        } else {
          if (pending !== -1) {
            value += text.slice(pending, at - spaces);
            pending = -1;
          }
          // a run of only the dropped spaces starts at the line ending
          if (runFrom !== -1 && value.length === 0) runFrom = at;
          startRun(at);
          value += text.slice(at, at + ending);
        }
        indentFrom = at + ending;
        at = skipIndent(text, at + ending);
        indentTo = at;
        break;
      }
      case graveAccent: {
        let runEnd = at;
        while (runEnd < end && text.charCodeAt(runEnd) === graveAccent) runEnd++;
        const length = runEnd - at;
        const closer = backticks.closerAfter(runEnd, length);
        if (closer === -1) {
          // after a backtick run left unmatched, micromark ends a text at a line ending after it elsewhere in containers (see `InlineLines`)
          if (lines.crossedFrom === -1 && runEnd <= (lastLineEnding ??= Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r')))) lines.crossedFrom = runEnd;
          plain(at);
        } else {
          flush(at);
          pieces.push({ type: 'inlineCode', from: at, to: closer + length, value: codeSpanValue(text.slice(runEnd, closer)) });
          runEnd = closer + length;
        }
        at = runEnd;
        break;
      }
      case underscore:
        // an e-mail literal is tried before emphasis (GFM's constructs come first)
        if (brackets.length === 0 && holdsAtSign && mayStartEmail(codeAt(text, at - 1))) {
          const literal = emailLiteral(text, at);
          if (literal !== undefined) {
            flush(at);
            at = pushLiteral(pieces, text, at, literal);
            break;
          }
        }
      // falls through
      case asterisk: {
        let runEnd = at;
        while (runEnd < end && text.charCodeAt(runEnd) === code) runEnd++;
        if (++delimiters > maxDelimiters) return notModelled;
        flush(at);
        pieces.push(delimiterRun(text, code, at, runEnd));
        emphasisRuns = true;
        if (firstEmphasis === -1) firstEmphasis = at;
        at = runEnd;
        break;
      }
      case exclamationMark:
        if (codeAt(text, at + 1) === leftSquareBracket) {
          flush(at);
          const opener: BracketOpener = { type: 'bracket', image: true, from: at, to: at + 2 };
          brackets.push({ opener, index: pieces.length });
          pieces.push(opener);
          at += 2;
        } else {
          plain(at);
          at++;
        }
        break;
      case leftSquareBracket: {
        flush(at);
        const opener: BracketOpener = { type: 'bracket', image: false, from: at, to: at + 1 };
        brackets.push({ opener, index: pieces.length });
        pieces.push(opener);
        at++;
        break;
      }
      case rightSquareBracket: {
        const top = brackets.pop();
        if (top === undefined) {
          // no `[` before it: text, whatever the definitions (`* \[[`x`](url)] - …`, Node's changelogs)
          plain(at);
          at++;
          break;
        }
        // its place in the stack: below `inactiveBelow`, a link opener is inactive (and the openers below stay so)
        const active = top.opener.image || brackets.length >= inactiveBelow;
        inactiveBelow = Math.min(inactiveBelow, brackets.length);
        const next = codeAt(text, at + 1);
        if (active && next !== leftParenthesis) {
          // a reference, where the document defines its label; else text
          const reference = labelReferenceAt(text, top.opener.to, at, context);
          if (reference === notModelled) return notModelled;
          if (reference !== absent) {
            flush(at);
            const inside = resolveRuns(pieces.slice(top.index + 1));
            pieces.length = top.index;
            const identifier = normalizeLabel(reference.label).toLowerCase();
            context.resolved.set(identifier, reference.url);
            pieces.push({
              type: top.opener.image ? 'imageReference' : 'linkReference',
              from: top.opener.from,
              to: reference.end,
              identifier,
              label: reference.label,
              referenceType: reference.type,
              children: inside,
            });
            // no link inside a link
            if (!top.opener.image) inactiveBelow = brackets.length;
            at = reference.end;
            break;
          }
        }
        if (!active || next !== leftParenthesis) {
          // a link inside a link's text, or no reference: the brackets are text
          pieces[top.index] = { type: 'text', from: top.opener.from, to: top.opener.to, value: top.opener.image ? '![' : '[' };
          plain(at);
          at++;
          break;
        }
        const tail = readLinkTail(text, at + 1);
        if (tail === undefined) {
          // a `(` that surely opens no resource (`[#1](Fixes https://…)`), after a label surely defined nowhere: the brackets are text (else remark reads it: a failed resource may be a shortcut reference)
          if (!surelyNoResource(text, at + 1, !indentedLines) || labelStatus(text, top.opener.to, at, context) !== absent) return notModelled;
          pieces[top.index] = { type: 'text', from: top.opener.from, to: top.opener.to, value: top.opener.image ? '![' : '[' };
          plain(at);
          at++;
          break;
        }
        flush(at);
        const inside = resolveRuns(pieces.slice(top.index + 1));
        pieces.length = top.index;
        if (top.opener.image) {
          pieces.push({ type: 'image', from: top.opener.from, to: tail.end, url: tail.url, title: tail.title, alt: plainText(inside) });
        } else {
          pieces.push({ type: 'link', from: top.opener.from, to: tail.end, url: tail.url, title: tail.title, children: inside });
          // no link inside a link
          inactiveBelow = brackets.length;
        }
        at = tail.end;
        break;
      }
      default: {
        const literal = brackets.length > 0 ? undefined : literalAt(text, at, code, holdsAtSign);
        if (literal === undefined) {
          plain(at);
          at = plainRunEnd(text, at + 1, end, brackets.length === 0, holdsAtSign);
        } else {
          flush(at);
          at = pushLiteral(pieces, text, at, literal);
        }
      }
    }
  }
  flush(end);
  // brackets left open are text
  for (const { opener, index } of brackets) pieces[index] = { type: 'text', from: opener.from, to: opener.to, value: opener.image ? '![' : '[' };
  // micromark resolves emphasis and strikethrough in the order it met them: the first run of either is the first `*`, `_` or `~` of the text, or not modelled
  let strikethroughFirst = false;
  if (strikethroughRuns && emphasisRuns) {
    strikethroughFirst = firstTildes !== -1 && firstTildes < firstEmphasis;
    const first = strikethroughFirst ? firstTildes : firstEmphasis;
    if (strikethroughFirst ? holdsEmphasisMarker(text, first) : text.lastIndexOf('~', first) !== -1) return notModelled;
  }
  // remark-gfm looks at text nodes as they are once joined
  const content = mergeText(resolveRuns(pieces, strikethroughFirst));
  return holdsLaterLiteral(content) ? notModelled : content;
}

/** Does `text` hold a `*` or `_` before `to`? */
function holdsEmphasisMarker(text: string, to: number): boolean {
  const star = text.indexOf('*');
  const underscoreAt = text.indexOf('_');
  return (star !== -1 && star < to) || (underscoreAt !== -1 && underscoreAt < to);
}

/**
 * The runs of one and two tildes of a text (GFM strikethrough pairs runs
 * of the same size; longer runs are text), counted once.
 */
class TildeRuns {
  private readonly counts = [0, 0, 0];

  constructor(text: string) {
    // an escaped tilde changes the size of the run after it: counted as two of each, so none is alone
    if (text.includes('\\~')) {
      this.counts[1] = this.counts[2] = 2;
      return;
    }
    for (let at = text.indexOf('~'); at !== -1; at = text.indexOf('~', at)) {
      const from = at;
      while (text.charCodeAt(at) === tilde) at++;
      const size = at - from;
      if (size <= 2) this.counts[size] = (this.counts[size] ?? 0) + 1;
    }
  }

  /** Is the run of `size` tildes the only one of its size? */
  alone(size: number): boolean {
    return this.counts[size] === 1;
  }
}

/** What references are read against: the labels the document may define, the definitions surely known, and the URLs of those used. */
export interface ReferenceContext {
  labels: PossibleLabels;
  known: KnownDefinitions;
  /** The URL of each definition a reference was read to, by identifier. */
  resolved: Map<string, string>;
}

/** A reference read at a `]`: where it ends, its label and the URL it resolves to. */
interface ReferenceRead {
  end: number;
  label: string;
  type: 'full' | 'collapsed' | 'shortcut';
  url: string;
}

/**
 * The reference closed by the `]` at `text[close]` (its text starting at
 * `text[from]`, no `(` after it), as micromark reads one: after a `[`, a
 * full reference `[text][label]` when `label` is defined or a collapsed
 * `[label][]` when the text is; else a shortcut `[label]` when the text
 * is a defined label. {@link absent}: no reference (the brackets are text);
 * {@link notModelled}: a label that may be defined but is not surely
 * known, an escape or a reference in a label, a label across lines.
 */
function labelReferenceAt(text: string, from: number, close: number, context: ReferenceContext): ReferenceRead | Absent | NotModelled {
  const own = labelStatus(text, from, close, context);
  if (text.charCodeAt(close + 1) === leftSquareBracket) {
    // a full reference: its label runs to the next `]` (a `[` first, or more than the limit: no label)
    let end = -1;
    for (let at = close + 2; at <= close + 2 + maxLabelLength; at++) {
      const code = text.charCodeAt(at);
      if (Number.isNaN(code) || code === leftSquareBracket) break;
      // a label across a line ending (read or not, micromark then places the text before the next node elsewhere in containers)
      if (code === lineFeed || code === carriageReturn) return notModelled;
      if (code === rightSquareBracket) {
        end = at;
        break;
      }
    }
    if (end === close + 2) {
      // collapsed: `[]`
      if (typeof own !== 'string') return own;
      return { end: end + 1, label: text.slice(from, close), type: 'collapsed', url: own };
    }
    // no label, or one defined nowhere: no reference (no shortcut either, after a `[`)
    if (end === -1 || isBlankLabel(text, close + 2, end)) return absent;
    const full = labelStatus(text, close + 2, end, context);
    if (typeof full !== 'string') return full;
    return { end: end + 1, label: text.slice(close + 2, end), type: 'full', url: full };
  }
  if (typeof own !== 'string') return own;
  return { end: close + 1, label: text.slice(from, close), type: 'shortcut', url: own };
}

/**
 * Is `text[from, to)` a defined label: the URL of its definition;
 * {@link absent} when surely not; {@link notModelled} when unsure.
 */
function labelStatus(text: string, from: number, to: number, context: ReferenceContext): string | Absent | NotModelled {
  if (to - from > maxLabelLength) return absent;
  // an escape may hide a bracket from the labels the document may define
  if (holdsBackslash(text, from, to)) return notModelled;
  if (!context.labels.mayBeDefined(text, from, to)) return absent;
  // across lines, the label micromark gives may differ
  if (holdsLineEnding(text, from, to)) return notModelled;
  return context.known(normalizeLabel(text.slice(from, to))) ?? notModelled;
}

function holdsLineEnding(text: string, from: number, to: number): boolean {
  for (let at = from; at < to; at++) {
    const code = text.charCodeAt(at);
    if (code === lineFeed || code === carriageReturn) return true;
  }
  return false;
}

function isBlankLabel(text: string, from: number, to: number): boolean {
  for (let at = from; at < to; at++) {
    const code = text.charCodeAt(at);
    if (code !== space && code !== tab && code !== lineFeed && code !== carriageReturn) return false;
  }
  return true;
}

function holdsBackslash(text: string, from: number, to: number): boolean {
  for (let at = from; at < to; at++) if (text.charCodeAt(at) === backslash) return true;
  return false;
}

/**
 * The literal starting at `text[at]` (outside any bracket: micromark tries
 * none after an unbalanced `[`): an e-mail address first, then `http(s)://`
 * or `www.`.
 */
function literalAt(text: string, at: number, code: number, holdsAtSign: boolean): Literal | undefined {
  const previous = codeAt(text, at - 1);
  // inside a word: no literal starts (each needs something other than a letter or a digit before it)
  if (isAsciiAlphanumeric(previous)) return undefined;
  if (holdsAtSign && isEmailAtext(code) && mayStartEmail(previous)) {
    const email = emailLiteral(text, at);
    if (email !== undefined) return email;
  }
  const letter = literalStart(code);
  if (letter === 'h') return mayStartProtocol(previous) ? protocolLiteral(text, at) : undefined;
  if (letter === 'w') return mayStartWww(previous) ? wwwLiteral(text, at) : undefined;
  return undefined;
}

/**
 * ASCII characters as {@link plainRunEnd} sees them, as flags: one of
 * {@link readPhrasing}'s cases; where a literal may start (`h`, `w`, any
 * case: {@link literalStart}); an e-mail literal's character
 * ({@link isEmailAtext}); a letter or a digit. One look-up a character,
 * not a call of each test (before V8 optimizes them, calls cost most).
 */
const asciiLimit = 128;
const plainFlags = { construct: 1, literalLetter: 2, emailText: 4, alphanumeric: 8 } as const;
const asciiFlags = new Uint8Array(asciiLimit);
for (const code of [lessThan, ampersand, tilde, nul, backslash, carriageReturn, lineFeed, graveAccent, underscore, asterisk, exclamationMark, leftSquareBracket, rightSquareBracket]) {
  asciiFlags[code] = plainFlags.construct;
}
for (let code = 0; code < asciiLimit; code++) {
  let flags = asciiFlags[code] as number;
  if (literalStart(code) !== undefined) flags |= plainFlags.literalLetter;
  if (isEmailAtext(code)) flags |= plainFlags.emailText;
  if (isAsciiAlphanumeric(code)) flags |= plainFlags.alphanumeric;
  asciiFlags[code] = flags;
}

/**
 * Where the plain text from `text[from]` ends: at a character one of
 * {@link readPhrasing}'s cases reads, or (`literals`: outside brackets) one
 * where a literal may start (`literalAt` says none starts inside a word).
 * One tight loop over the text between constructs, instead of a round of
 * the reading loop per character.
 */
function plainRunEnd(text: string, from: number, end: number, literals: boolean, holdsAtSign: boolean): number {
  // the flags that stop the run, or that do after no letter or digit
  const stops = plainFlags.construct | (literals ? plainFlags.literalLetter | (holdsAtSign ? plainFlags.emailText : 0) : 0);
  let at = from;
  for (; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code >= asciiLimit) continue;
    const flags = asciiFlags[code] as number;
    if ((flags & stops) === 0) continue;
    if ((flags & plainFlags.construct) !== 0) return at;
    // `at` is past `from`, itself past the start: the character before is a code unit
    const previous = text.charCodeAt(at - 1);
    if (previous >= asciiLimit || ((asciiFlags[previous] as number) & plainFlags.alphanumeric) === 0) return at;
  }
  return at;
}

/** A literal as a link node; where reading goes on. */
function pushLiteral(pieces: Piece[], text: string, at: number, literal: Literal): number {
  const label = text.slice(at, literal.end);
  pieces.push({ type: 'link', from: at, to: literal.end, url: literal.url, title: null, children: [{ type: 'text', from: at, to: literal.end, value: label }] });
  return literal.end;
}

/** The length of the line ending at `text[at]` (`\n`: 1, `\r\n`: 2), or 0. */
function lineEndingAt(text: string, at: number): number {
  const code = codeAt(text, at);
  if (code === lineFeed) return 1;
  return code === carriageReturn && codeAt(text, at + 1) === lineFeed ? 2 : 0;
}

/** After a line ending: the next line's spaces are not text. */
function skipIndent(text: string, from: number): number {
  let at = from;
  while (at < text.length && text.charCodeAt(at) === space) at++;
  return at;
}

/** Would remark-gfm's transform look for a literal in a text node outside links? */
function holdsLaterLiteral(nodes: Inline[]): boolean {
  for (const node of nodes) {
    if (node.type === 'text' && (laterLiteral.test(node.value) || holdsLaterEmail(node.value))) return true;
    if ((node.type === 'emphasis' || node.type === 'strong' || node.type === 'delete') && holdsLaterLiteral(node.children)) return true;
  }
  return false;
}

/** Would remark-gfm make an e-mail literal in this text (`npm\\@1.2.0` it does not: the domain ends in a digit)? */
function holdsLaterEmail(value: string): boolean {
  if (!value.includes('@')) return false;
  laterEmail.lastIndex = 0;
  for (let match = laterEmail.exec(value); match !== null; match = laterEmail.exec(value)) {
    if (!refusedDomain.test(match[2] as string)) return true;
    laterEmail.lastIndex = match.index + 1;
  }
  return false;
}

/**
 * Adjacent text nodes joined, as mdast-util-from-markdown builds them: in
 * place (every list here is made by `resolveRuns` and read by nothing
 * else), without a new list at each level.
 */
function mergeText(nodes: Inline[]): Inline[] {
  let kept = 0;
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index] as Inline;
    const last = kept > 0 ? (nodes[kept - 1] as Inline) : undefined;
    if (node.type === 'text' && last?.type === 'text') {
      nodes[kept - 1] = { type: 'text', from: last.from, to: node.to, value: last.value + node.value };
      continue;
    }
    if (node.type === 'link' || node.type === 'emphasis' || node.type === 'strong' || node.type === 'delete' || node.type === 'linkReference' || node.type === 'imageReference') node.children = mergeText(node.children);
    nodes[kept++] = node;
  }
  nodes.length = kept;
  return nodes;
}

/** An image's `alt`: the text of its content. */
export function plainText(nodes: Inline[]): string {
  let text = '';
  for (const node of nodes) {
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'html') text += node.value;
    else if (node.type === 'image') text += node.alt;
    else if (node.type === 'imageReference') text += plainText(node.children);
    else if (node.type !== 'break') text += plainText(node.children);
  }
  return text;
}
