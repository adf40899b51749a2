/**
 * HTML blocks of kinds 1–5 (CommonMark § 4.6) as micromark reads them: how
 * each starts (after up to 3 spaces) and which line ends it. Kinds 6 and 7
 * end before a blank line ({@link endsAtBlankLine}).
 *
 * Two places where micromark's reading is its own, followed here because
 * the plugin's records come from it:
 *
 * - on the block's first line the end may overlap the start: `<!-->` and
 *   `<?>` are whole blocks (the spec says so too);
 * - a CDATA section ends at `]]>` after an even run of `]` only: `]]]>`
 *   does not end it (the spec, commonmark.js and cmark-gfm end it there).
 *
 * ```markdown
 * > | <?>                 ← kind 3, ended on its first line
 *   | http://a.example/   ← a paragraph
 * ```
 */
import { codes } from '../../../decode/character-codes.js';

const { rightSquareBracket, greaterThan } = codes;

export interface HtmlKind {
  /** How the block's first line starts (its `<` first). */
  readonly start: RegExp;
  /** How far after the `<` of the first line the end may begin. */
  readonly endFrom: number;
  /** Does the line `text[from, to)` end the block? */
  endsIn(text: string, from: number, to: number): boolean;
  /** Kinds 6 and 7: ended by a blank line, never by a line of its own. */
  readonly atBlankLine: boolean;
}

function holding(needles: readonly string[], lowerCase: boolean): (text: string, from: number, to: number) => boolean {
  return (text, from, to) => {
    const line = lowerCase ? text.slice(from, to).toLowerCase() : text.slice(from, to);
    return needles.some((needle) => line.includes(needle));
  };
}

/** `]]>` after an even run of `]` (micromark's continuation states: each `]` of a run toggles whether `>` closes). */
function endsCdata(text: string, from: number, to: number): boolean {
  let run = 0;
  for (let at = from; at < to; at++) {
    const code = text.charCodeAt(at);
    if (code === rightSquareBracket) {
      run++;
    } else {
      if (code === greaterThan && run >= 2 && run % 2 === 0) return true;
      run = 0;
    }
  }
  return false;
}

/** Kinds 1–5, in the order their starts are tried. */
export const htmlKinds: readonly HtmlKind[] = [
  { start: /^<(?:script|pre|style|textarea)(?:[\t >]|$)/i, endFrom: 2, endsIn: holding(['</script>', '</pre>', '</style>', '</textarea>'], true), atBlankLine: false },
  { start: /^<!--/, endFrom: 2, endsIn: holding(['-->'], false), atBlankLine: false },
  { start: /^<\?/, endFrom: 1, endsIn: holding(['?>'], false), atBlankLine: false },
  { start: /^<![A-Za-z]/, endFrom: 2, endsIn: holding(['>'], false), atBlankLine: false },
  { start: /^<!\[CDATA\[/, endFrom: '<![CDATA['.length, endsIn: endsCdata, atBlankLine: false },
];

/** Kinds 6 and 7. */
export const endsAtBlankLine: HtmlKind = { start: /^</, endFrom: 0, endsIn: () => false, atBlankLine: true };

/** The kind (1–5) of the HTML block whose first line is `line` (its `<` first), if it starts one. */
export function htmlKindOf(line: string): HtmlKind | undefined {
  return htmlKinds.find((kind) => kind.start.test(line));
}

/** Does the first line of a block of `kind`, its `<` at `first`, also end it? */
export function endsOnFirstLine(kind: HtmlKind, text: string, first: number, lineEnd: number): boolean {
  return kind.endsIn(text, Math.min(first + kind.endFrom, lineEnd), lineEnd);
}
