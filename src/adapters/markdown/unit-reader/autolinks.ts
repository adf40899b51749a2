/**
 * CommonMark autolinks (§ 6.5) as micromark reads them: `<scheme:…>` (a
 * scheme of 2 to 32 characters, then anything but spaces, `<` and controls)
 * and `<local@domain>` e-mail autolinks (labels of up to 63 letters, digits
 * and inner `-`).
 */
import { codes } from '../../../decode/character-codes.js';
import { isAsciiAlpha, isAsciiAlphanumeric } from '../../../scanner/character-classes.js';
import { isAsciiControl, isMissing } from './characters.js';

const { plusSign, dash, dot, colon, greaterThan, lessThan, space, atSign, numberSign, apostrophe, asterisk, digit9, equalsSign, questionMark, uppercaseA, uppercaseZ, rightSquareBracket, tilde } = codes;

const maxSchemeLength = 32;
const maxLabelLength = 63;

export interface Autolink {
  /** Just after the `>`. */
  end: number;
  url: string;
}

/** The autolink starting at `text[from]` (a `<`), if one is there. */
export function autolinkAt(text: string, from: number): Autolink | undefined {
  const start = from + 1;
  if (isAsciiAlpha(text.charCodeAt(start))) {
    let end = start + 1;
    while (end - start <= maxSchemeLength && isSchemeCharacter(text.charCodeAt(end))) end++;
    if (end - start >= 2 && end - start <= maxSchemeLength && text.charCodeAt(end) === colon) {
      for (let inside = end + 1; ; inside++) {
        const code = text.charCodeAt(inside);
        if (code === greaterThan) return { end: inside + 1, url: text.slice(start, inside) };
        if (isMissing(code) || code === space || code === lessThan || isAsciiControl(code)) return undefined;
      }
    }
  }
  let at = start;
  while (isAsciiAtext(text.charCodeAt(at))) at++;
  if (at === start || text.charCodeAt(at) !== atSign) return undefined;
  at++;
  for (;;) {
    if (!isAsciiAlphanumeric(text.charCodeAt(at))) return undefined;
    const label = at;
    while (at - label < maxLabelLength && (isAsciiAlphanumeric(text.charCodeAt(at)) || text.charCodeAt(at) === dash)) at++;
    // a label ends on a letter or a digit
    if (text.charCodeAt(at - 1) === dash) return undefined;
    const code = text.charCodeAt(at);
    if (code === greaterThan) return { end: at + 1, url: `mailto:${text.slice(start, at)}` };
    if (code !== dot) return undefined;
    at++;
  }
}

function isSchemeCharacter(code: number): boolean {
  return code === plusSign || code === dash || code === dot || isAsciiAlphanumeric(code);
}

/** ASCII `atext` of an e-mail address: `#`–`'`, `*`, `+`, `-`–`9`, `=`, `?`, `A`–`Z`, `^`–`~`. */
function isAsciiAtext(code: number): boolean {
  return (
    (code >= numberSign && code <= apostrophe) ||
    code === asterisk ||
    code === plusSign ||
    (code >= dash && code <= digit9) ||
    code === equalsSign ||
    code === questionMark ||
    (code >= uppercaseA && code <= uppercaseZ) ||
    (code > rightSquareBracket && code <= tilde)
  );
}
