/**
 * Named character codes (UTF-16 code units) used by the parser, so that no
 * code compares against a bare number. Sets of characters (the RFC's classes)
 * are in `character-classes.ts`.
 */
export const codes = {
  /** Last C0 control character (US, 1F hexadecimal). */
  unitSeparator: 0x1f,
  space: 0x20,
  numberSign: 0x23,
  percentSign: 0x25,
  asterisk: 0x2a,
  dash: 0x2d,
  dot: 0x2e,
  slash: 0x2f,
  digitZero: 0x30,
  colon: 0x3a,
  semicolon: 0x3b,
  equalsSign: 0x3d,
  questionMark: 0x3f,
  atSign: 0x40,
  /** DEL, 7F hexadecimal: a control character. */
  delete: 0x7f,
  /** The first code that is not US-ASCII. */
  asciiEnd: 0x80,
  highSurrogateFirst: 0xd800,
  highSurrogateLast: 0xdbff,
  lowSurrogateFirst: 0xdc00,
  lowSurrogateLast: 0xdfff,
} as const;
