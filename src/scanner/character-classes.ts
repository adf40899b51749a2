/**
 * Character classes of running text, as the scanner sees them. (The RFC's own
 * classes, `uchar`, `xchar` and friends, live with the parser in
 * `src/parse/character-classes.ts`.)
 */
import { codes } from '../decode/character-codes.js';

/** An ASCII letter folded to lower case; any other code as it is. */
export function asciiLowerCase(code: number): number {
  return code >= codes.uppercaseA && code <= codes.uppercaseZ ? code + (codes.lowercaseA - codes.uppercaseA) : code;
}

/** Bit flags of the ASCII characters, one table: one load answers any class. */
const flag = {
  alpha: 1,
  digit: 2,
  scheme: 4,
  domain: 8,
  localPart: 16,
  terminator: 32,
  trailing: 64,
} as const;

const flags = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const alpha =
    (code >= codes.lowercaseA && code <= codes.lowercaseZ) || (code >= codes.uppercaseA && code <= codes.uppercaseZ);
  const digit = code >= codes.digit0 && code <= codes.digit9;
  let bits = 0;
  if (alpha) bits |= flag.alpha;
  if (digit) bits |= flag.digit;
  // RFC 1738 §2.1: scheme = 1*[ lowalpha | digit | "+" | "-" | "." ] (case-ignored)
  if (alpha || digit || code === codes.plusSign || code === codes.dash || code === codes.dot) bits |= flag.scheme;
  if (alpha || digit || code === codes.dash || code === codes.dot) bits |= flag.domain;
  // the local part of a bare e-mail address: RFC 5322 `dot-atom` (`atext` and dots), but `/` (a path before
  // it, or a URL's user), `|`, the grave accent, `{` and `}` (table, code and template markup around it),
  // `#` (a fragment in the `mailto:` URL reported) and `?` (RFC 6068: the header fields)
  if (
    alpha ||
    digit ||
    code === codes.dot ||
    code === codes.underscore ||
    code === codes.percentSign ||
    code === codes.plusSign ||
    code === codes.dash ||
    isAddressOpening(code)
  ) {
    bits |= flag.localPart;
  }
  // what ends a bare URL: whitespace and controls, `<`, `>`, `"`, the grave accent, `|`
  if (
    code <= codes.space ||
    code === codes.verticalBar ||
    code === codes.delete ||
    code === codes.lessThan ||
    code === codes.greaterThan ||
    code === codes.quotationMark ||
    code === codes.graveAccent
  ) {
    bits |= flag.terminator;
  }
  // sentence punctuation after a bare URL: `.,;:!?'"`; and `\`, never a URL's last character (RFC 1738 §2.2:
  // unsafe), but an escape or a line continuation of the text around it (reStructuredText's `\ `, a shell line's `\`)
  if (
    code === codes.backslash ||
    code === codes.dot ||
    code === codes.comma ||
    code === codes.semicolon ||
    code === codes.colon ||
    code === codes.exclamationMark ||
    code === codes.questionMark ||
    code === codes.apostrophe ||
    code === codes.quotationMark
  ) {
    bits |= flag.trailing;
  }
  flags[code] = bits;
}

function has(code: number, bit: number): boolean {
  return code < 128 && (flags[code]! & bit) !== 0;
}

export function isAsciiAlpha(code: number): boolean {
  return has(code, flag.alpha);
}

export function isAsciiDigit(code: number): boolean {
  return has(code, flag.digit);
}

export function isAsciiAlphanumeric(code: number): boolean {
  return has(code, flag.alpha | flag.digit);
}

/** RFC 1738 §2.1: scheme = 1*[ lowalpha | digit | "+" | "-" | "." ] (case-ignored). */
export function isSchemeChar(code: number): boolean {
  return has(code, flag.scheme);
}

/**
 * Whitespace that the Appendix says to ignore inside a wrapper: space, tab,
 * CR, LF, form feed, vertical tab and the no-break space found in RFC text in
 * the wild.
 */
export function isWrapperWhitespace(code: number): boolean {
  return (
    code === codes.space ||
    code === codes.lineFeed ||
    code === codes.carriageReturn ||
    code === codes.tab ||
    code === codes.formFeed ||
    code === codes.verticalTab ||
    code === codes.noBreakSpace
  );
}

export function isLineBreak(code: number): boolean {
  return code === codes.lineFeed || code === codes.carriageReturn;
}

/** Spaces and tabs: whitespace that is not a line break. */
export function isInlineSpace(code: number): boolean {
  return code === codes.space || code === codes.tab || code === codes.noBreakSpace;
}

/**
 * Characters that end a bare URL in running text: whitespace, controls,
 * `<`, `>`, `"`, the grave accent, `|` (RFC 1738 §2.2 calls it unsafe: it
 * separates a link from its label in wiki and table markup), Unicode spaces, typographic quotes and
 * guillemets, CJK and fullwidth punctuation; and the characters no URL or
 * IRI may hold (RFC 3987): the bidirectional formatting characters (the
 * marks U+200E, U+200F, embeddings and overrides U+202A..U+202E, §4.1; the
 * isolates U+2066..U+2069 Unicode added since), the noncharacters
 * U+FDD0..U+FDEF and the Specials block U+FFF0..U+FFFF (outside `ucschar`,
 * §2.2: U+FFFC, what a pasted object leaves, and U+FFFD, what invalid bytes
 * decode to).
 */
// rule: bare-terminators
// rule: no-iri-characters
export function isBareTerminator(code: number): boolean {
  if (code < 128) return (flags[code]! & flag.terminator) !== 0;
  return (
    code <= codes.noBreakSpace ||
    code === codes.leftGuillemet ||
    code === codes.rightGuillemet ||
    (code >= codes.enQuad && code <= codes.zeroWidthSpace) ||
    code === codes.leftToRightMark ||
    code === codes.rightToLeftMark ||
    (code >= codes.leftSingleQuote && code <= codes.doubleHighReversedQuote) ||
    code === codes.leftSingleGuillemet ||
    code === codes.rightSingleGuillemet ||
    code === codes.lineSeparator ||
    code === codes.paragraphSeparator ||
    (code >= codes.leftToRightEmbedding && code <= codes.narrowNoBreakSpace) ||
    code === codes.mediumMathematicalSpace ||
    (code >= codes.leftToRightIsolate && code <= codes.popDirectionalIsolate) ||
    (code >= codes.ideographicSpace && code <= codes.cjkPunctuationEnd) ||
    (code >= codes.nonCharacterFirst && code <= codes.nonCharacterLast) ||
    (code >= codes.fullwidthStart && code <= codes.fullwidthEnd) ||
    code === codes.byteOrderMark ||
    code >= codes.specialsFirst
  );
}

/** What a character means to the end of a bare URL: see {@link bareStop}. */
export const stop = { none: 0, terminator: 1, pair: 2, atSign: 3 } as const;

const stops = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  if ((flags[code]! & flag.terminator) !== 0) stops[code] = stop.terminator;
  else if (code === codes.rightParenthesis || code === codes.apostrophe || code === codes.comma || code === codes.backslash) {
    stops[code] = stop.pair;
  } else if (code === codes.atSign) {
    stops[code] = stop.atSign;
  }
}

/**
 * One lookup for the loop that looks for the end of a bare URL:
 * `stop.terminator` for a terminator ({@link isBareTerminator}),
 * `stop.pair` for `)`, `,`, `\` and `'` (which end a URL only before
 * `(scheme:`, `scheme://`, a string escape's letter, and `>` or `/>`),
 * `stop.atSign` for `@` (noted: a `mailto:` URL needs one), `stop.none`
 * for the rest.
 */
export function bareStop(code: number): number {
  if (code < 128) return stops[code]!;
  return isBareTerminator(code) ? stop.terminator : stop.none;
}

/** Trailing characters that are not part of a bare URL: `.,;:!?'"` and `\`. */
// rule: backslash-not-last
export function isTrailingPunctuation(code: number): boolean {
  return has(code, flag.trailing);
}

/** The opening bracket that balances a closing one, or -1. */
export function openingFor(code: number): number {
  if (code === codes.rightParenthesis) return codes.leftParenthesis;
  if (code === codes.rightSquareBracket) return codes.leftSquareBracket;
  if (code === codes.rightCurlyBrace) return codes.leftCurlyBrace;
  return -1;
}

/** The closing bracket that balances an opening one, or -1. */
export function closingFor(code: number): number {
  if (code === codes.leftParenthesis) return codes.rightParenthesis;
  if (code === codes.leftSquareBracket) return codes.rightSquareBracket;
  if (code === codes.leftCurlyBrace) return codes.rightCurlyBrace;
  return -1;
}

/** Characters of a host name in a bare `www.` or e-mail domain. */
export function isDomainChar(code: number): boolean {
  return has(code, flag.domain);
}

/** Characters of the local part of a bare e-mail address. */
export function isLocalPartChar(code: number): boolean {
  return has(code, flag.localPart);
}

/**
 * Characters of a local part that do not start an address in running text:
 * dots, and the `atext` punctuation that quotes or marks up a word around
 * it (`'a@b.example'`, `*a@b.example*`, `~a@b.example~`): inside an address
 * they are the address's (`o'brien@example.com`, `a=b@example.com`).
 */
export function isAddressOpening(code: number): boolean {
  return (
    code === codes.dot ||
    code === codes.exclamationMark ||
    code === codes.dollarSign ||
    code === codes.ampersand ||
    code === codes.apostrophe ||
    code === codes.asterisk ||
    code === codes.equalsSign ||
    code === codes.circumflexAccent ||
    code === codes.tilde
  );
}
