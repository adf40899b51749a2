/**
 * GFM autolink literals as micromark-extension-gfm-autolink-literal reads
 * them in text: `www.` and `http://`/`https://` literals, their domain and
 * path with the trailing punctuation rules, and e-mail addresses. (Those
 * remark-gfm finds later in text nodes are not modelled: the caller gives
 * up on a unit that may hold one.)
 */
import { codes } from '../../../decode/character-codes.js';
import { isAsciiAlpha, isAsciiAlphanumeric } from '../../../scanner/character-classes.js';
import { codeAt, isAsciiControl, isLineEndingOrSpace, isMissing, isUnicodePunctuation, isUnicodeWhitespace } from './characters.js';

const {
  exclamationMark,
  quotationMark,
  ampersand,
  apostrophe,
  leftParenthesis,
  rightParenthesis,
  asterisk,
  comma,
  dash,
  dot,
  colon,
  semicolon,
  lessThan,
  questionMark,
  leftSquareBracket,
  rightSquareBracket,
  underscore,
  tilde,
  slash,
  plusSign,
  atSign,
  lowercaseW,
  uppercaseA,
  lowercaseA,
} = codes;

export interface Literal {
  /** Just after the literal. */
  end: number;
  url: string;
}

function isSpaceLike(code: number): boolean {
  return isLineEndingOrSpace(code) || isUnicodeWhitespace(code);
}

/** May a `www.` literal start after `previous`? */
export function mayStartWww(previous: number): boolean {
  return (
    isMissing(previous) ||
    previous === leftParenthesis ||
    previous === asterisk ||
    previous === underscore ||
    previous === leftSquareBracket ||
    previous === rightSquareBracket ||
    previous === tilde ||
    isLineEndingOrSpace(previous)
  );
}

/** A character of an e-mail literal's local part (GFM's `atext`). */
export function isEmailAtext(code: number): boolean {
  return code === plusSign || code === dash || code === dot || code === underscore || isAsciiAlphanumeric(code);
}

/** May an e-mail literal start after `previous`? */
export function mayStartEmail(previous: number): boolean {
  return !(previous === slash || isEmailAtext(previous));
}

/**
 * The e-mail literal at `text[from]` (an `atext` character), if one is
 * there: `atext+ @ domain`, the domain's dots each followed by a letter or
 * digit, ending on a letter after at least one dot.
 */
export function emailLiteral(text: string, from: number): Literal | undefined {
  let at = from;
  while (at < text.length && isEmailAtext(text.charCodeAt(at))) at++;
  if (codeAt(text, at) !== atSign) return undefined;
  at++;
  let data = false;
  let dotted = false;
  for (;;) {
    const code = text.charCodeAt(at);
    if (code === dot) {
      if (!isAsciiAlphanumeric(text.charCodeAt(at + 1))) break;
      dotted = true;
      at++;
      continue;
    }
    if (code === dash || code === underscore || isAsciiAlphanumeric(code)) {
      data = true;
      at++;
      continue;
    }
    break;
  }
  if (!data || !dotted || !isAsciiAlpha(text.charCodeAt(at - 1))) return undefined;
  return { end: at, url: `mailto:${text.slice(from, at)}` };
}

/** May an `http` literal start after `previous`? */
export function mayStartProtocol(previous: number): boolean {
  return !isAsciiAlpha(previous);
}

const lowercaseH = 'h'.charCodeAt(0);

/** Which literal may start at `code`: `h` (`http`), `w` (`www.`), any case. */
export function literalStart(code: number): 'h' | 'w' | undefined {
  const letter = lower(code);
  return letter === lowercaseH ? 'h' : letter === lowercaseW ? 'w' : undefined;
}

function lower(code: number): number {
  return code >= uppercaseA && code < uppercaseA + 26 ? code + (lowercaseA - uppercaseA) : code;
}

/** The `www.` literal at `text[from]`, if one is there. */
export function wwwLiteral(text: string, from: number): Literal | undefined {
  for (let at = from; at < from + 3; at++) if (lower(text.charCodeAt(at)) !== lowercaseW) return undefined;
  if (text.charCodeAt(from + 3) !== dot || isMissing(text.charCodeAt(from + 4))) return undefined;
  const trail = new Trail(text);
  const domainEnd = domain(text, from, trail);
  if (domainEnd === undefined) return undefined;
  const end = path(text, domainEnd, trail);
  return { end, url: `http://${text.slice(from, end)}` };
}

/** The `http://` or `https://` literal at `text[from]`, if one is there. */
export function protocolLiteral(text: string, from: number): Literal | undefined {
  let at = from;
  while (at - from < 5 && at < text.length && isAsciiAlpha(text.charCodeAt(at))) at++;
  if (codeAt(text, at) !== colon) return undefined;
  const protocol = text.slice(from, at).toLowerCase();
  if (protocol !== 'http' && protocol !== 'https') return undefined;
  if (codeAt(text, at + 1) !== slash || codeAt(text, at + 2) !== slash) return undefined;
  at += 3;
  const first = codeAt(text, at);
  if (isMissing(first) || isAsciiControl(first) || isSpaceLike(first) || isUnicodePunctuation(first)) return undefined;
  const trail = new Trail(text);
  const domainEnd = domain(text, at, trail);
  if (domainEnd === undefined) return undefined;
  const end = path(text, domainEnd, trail);
  return { end, url: text.slice(from, end) };
}

/** The end of the domain starting at `from`, or undefined when it is not one. */
function domain(text: string, from: number, trail: Trail): number | undefined {
  let underscoreInLast = false;
  let underscoreInLastButOne = false;
  let seen = false;
  let at = from;
  for (;;) {
    const code = text.charCodeAt(at);
    if (code === dot || code === underscore) {
      if (trail.endsAt(at)) break;
      if (code === underscore) {
        underscoreInLast = true;
      } else {
        underscoreInLastButOne = underscoreInLast;
        underscoreInLast = false;
      }
      at++;
      continue;
    }
    if (isMissing(code) || isSpaceLike(code) || (code !== dash && isUnicodePunctuation(code))) break;
    seen = true;
    at++;
  }
  if (underscoreInLast || underscoreInLastButOne || !seen) return undefined;
  return at;
}

/** The end of the path starting at `from` (maybe empty). */
function path(text: string, from: number, trail: Trail): number {
  let opened = 0;
  let closed = 0;
  let at = from;
  for (;;) {
    const code = text.charCodeAt(at);
    if (code === leftParenthesis) {
      opened++;
      at++;
      continue;
    }
    if (code === rightParenthesis && closed < opened) {
      closed++;
      at++;
      continue;
    }
    if (isPathPunctuation(code)) {
      if (trail.endsAt(at)) return at;
      if (code === rightParenthesis) closed++;
      at++;
      continue;
    }
    if (isMissing(code) || isSpaceLike(code)) return at;
    at++;
  }
}

/** Punctuation in a path that may end it: trailing punctuation, `&` (a character reference), `<` and `]`. */
function isPathPunctuation(code: number): boolean {
  return isTrailPunctuation(code) || code === ampersand || code === lessThan || code === rightSquareBracket;
}

function isTrailPunctuation(code: number): boolean {
  return (
    code === exclamationMark ||
    code === quotationMark ||
    code === apostrophe ||
    code === rightParenthesis ||
    code === asterisk ||
    code === comma ||
    code === dot ||
    code === colon ||
    code === semicolon ||
    code === questionMark ||
    code === underscore ||
    code === tilde
  );
}

/**
 * Is `text[from…]` trailing punctuation that ends a literal (a run of it,
 * character references and `]` included, then whitespace, `<` or the end)?
 * A run that does not end one does not from any place inside it either, so
 * the answer is kept for the run: a literal's reads stay linear however
 * long a run of punctuation it holds.
 */
class Trail {
  /** Every place before this, from the last place asked on, ends no literal. */
  private noEndBefore = -1;

  constructor(private readonly text: string) {}

  endsAt(from: number): boolean {
    if (from < this.noEndBefore) return false;
    const { ends, stop } = trailEnds(this.text, from);
    if (!ends) this.noEndBefore = stop;
    return ends;
  }
}

/** Whether the run from `from` ends a literal, and where reading it stopped. */
function trailEnds(text: string, from: number): { ends: boolean; stop: number } {
  let at = from;
  for (;;) {
    const code = text.charCodeAt(at);
    if (isTrailPunctuation(code)) {
      at++;
      continue;
    }
    if (code === ampersand) {
      at++;
      if (!isAsciiAlpha(text.charCodeAt(at))) return { ends: false, stop: at };
      while (isAsciiAlpha(text.charCodeAt(at))) at++;
      if (text.charCodeAt(at) !== semicolon) return { ends: false, stop: at };
      at++;
      continue;
    }
    if (code === rightSquareBracket) {
      at++;
      const next = text.charCodeAt(at);
      if (isMissing(next) || next === leftParenthesis || next === leftSquareBracket || isSpaceLike(next)) return { ends: true, stop: at };
      continue;
    }
    return { ends: code === lessThan || isMissing(code) || isSpaceLike(code), stop: at };
  }
}

