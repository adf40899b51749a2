/**
 * Named character codes (UTF-16 code units), one table for the whole
 * package: no code compares against a bare number. Sets of characters live
 * with their users: the RFC's classes in `parse/character-classes.ts`, the
 * classes of running text in `scanner/character-classes.ts`.
 */
export const codes = {
  /** NUL: invalid in a character reference. */
  null: 0x00,
  tab: 0x09,
  lineFeed: 0x0a,
  verticalTab: 0x0b,
  formFeed: 0x0c,
  carriageReturn: 0x0d,
  /** Last C0 control character (US, 1F hexadecimal). */
  unitSeparator: 0x1f,
  space: 0x20,
  exclamationMark: 0x21,
  quotationMark: 0x22,
  numberSign: 0x23,
  dollarSign: 0x24,
  percentSign: 0x25,
  ampersand: 0x26,
  apostrophe: 0x27,
  leftParenthesis: 0x28,
  rightParenthesis: 0x29,
  asterisk: 0x2a,
  plusSign: 0x2b,
  comma: 0x2c,
  dash: 0x2d,
  dot: 0x2e,
  slash: 0x2f,
  digit0: 0x30,
  digit9: 0x39,
  colon: 0x3a,
  semicolon: 0x3b,
  lessThan: 0x3c,
  equalsSign: 0x3d,
  greaterThan: 0x3e,
  questionMark: 0x3f,
  atSign: 0x40,
  uppercaseA: 0x41,
  uppercaseF: 0x46,
  uppercaseL: 0x4c,
  uppercaseR: 0x52,
  uppercaseU: 0x55,
  uppercaseW: 0x57,
  uppercaseZ: 0x5a,
  leftSquareBracket: 0x5b,
  backslash: 0x5c,
  rightSquareBracket: 0x5d,
  circumflexAccent: 0x5e,
  underscore: 0x5f,
  graveAccent: 0x60,
  lowercaseA: 0x61,
  lowercaseF: 0x66,
  lowercaseN: 0x6e,
  lowercaseR: 0x72,
  lowercaseT: 0x74,
  lowercaseU: 0x75,
  lowercaseW: 0x77,
  lowercaseX: 0x78,
  lowercaseZ: 0x7a,
  leftCurlyBrace: 0x7b,
  verticalBar: 0x7c,
  rightCurlyBrace: 0x7d,
  tilde: 0x7e,
  /** DEL, 7F hexadecimal: a control character. */
  delete: 0x7f,
  /** The first code that is not US-ASCII. */
  asciiEnd: 0x80,
  /** The last code of Latin-1 (one byte), FF hexadecimal. */
  latin1Last: 0xff,
  /** In UTF-8: the first lead byte of a three-byte sequence (E0 hexadecimal). */
  utf8ThreeByteLead: 0xe0,
  /** In UTF-8: the first lead byte of a four-byte sequence (F0 hexadecimal). */
  utf8FourByteLead: 0xf0,
  /** Last C1 control. */
  c1End: 0x9f,
  noBreakSpace: 0xa0,
  /** « and »: guillemets. */
  leftGuillemet: 0xab,
  rightGuillemet: 0xbb,
  /** U+2000..U+200A: en quad .. hair space. */
  enQuad: 0x2000,
  hairSpace: 0x200a,
  zeroWidthSpace: 0x200b,
  /** U+200E, U+200F: the left-to-right and right-to-left marks. */
  leftToRightMark: 0x200e,
  /** U+200B..U+200F: zero-width space, non-joiner and joiner, left-to-right and right-to-left marks. */
  rightToLeftMark: 0x200f,
  /** U+202A..U+202E: bidirectional embeddings and overrides. */
  leftToRightEmbedding: 0x202a,
  rightToLeftOverride: 0x202e,
  wordJoiner: 0x2060,
  /** U+2066..U+2069: bidirectional isolates. */
  leftToRightIsolate: 0x2066,
  popDirectionalIsolate: 0x2069,
  /** U+2018..U+201F: typographic single and double quotation marks. */
  leftSingleQuote: 0x2018,
  doubleHighReversedQuote: 0x201f,
  /** ‹ and ›: single guillemets. */
  leftSingleGuillemet: 0x2039,
  rightSingleGuillemet: 0x203a,
  lineSeparator: 0x2028,
  paragraphSeparator: 0x2029,
  narrowNoBreakSpace: 0x202f,
  mediumMathematicalSpace: 0x205f,
  /** U+3000..U+303F: CJK symbols and punctuation (ideographic space, comma, full stop, brackets). */
  ideographicSpace: 0x3000,
  cjkPunctuationEnd: 0x303f,
  /** U+FF01..U+FF65: fullwidth and halfwidth punctuation and forms. */
  fullwidthStart: 0xff01,
  fullwidthEnd: 0xff65,
  highSurrogateFirst: 0xd800,
  highSurrogateLast: 0xdbff,
  lowSurrogateFirst: 0xdc00,
  lowSurrogateLast: 0xdfff,
  /** U+DC80..U+DCFF: lone surrogates standing for bytes 0x80..0xFF of a file name that is not UTF-8 (as Python's surrogateescape). */
  nameByteFirst: 0xdc80,
  nameByteLast: 0xdcff,
  /** U+FDD0..U+FDEF: noncharacters, never interchanged. */
  nonCharacterFirst: 0xfdd0,
  nonCharacterLast: 0xfdef,
  byteOrderMark: 0xfeff,
  /** U+FFF0..U+FFFF: the Specials block (interlinear annotation, object replacement, replacement character, noncharacters). */
  specialsFirst: 0xfff0,
  objectReplacementCharacter: 0xfffc,
  replacementCharacter: 0xfffd,
  /** The last code point of the Basic Multilingual Plane (the last of the Specials block too): those past it take two UTF-16 code units. */
  lastBmpCodePoint: 0xffff,
  /** The last Unicode code point, U+10FFFF. */
  maxCodePoint: 0x10_ff_ff,
} as const;
