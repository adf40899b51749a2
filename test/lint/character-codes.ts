/**
 * A checker for one rule of the project: character comparisons use the named
 * codes of `src/decode/character-codes.ts` (`codes.*`), never bare numbers.
 *
 * It reports, in TypeScript source with comments, strings and regular
 * expressions left out:
 *
 * - `hex-comparison`: a hexadecimal literal compared (`===`, `<`, …) with
 *   anything: `bytes[i] === 0x20`, `code >= 0x7f`;
 * - `code-comparison`: any number compared with a `charCodeAt` or
 *   `codePointAt` result, called in place or held in a variable assigned
 *   from one: `text.charCodeAt(i) === 62`, `const c = s.charCodeAt(0); c < 32`;
 * - `hex-constant`: a hexadecimal constant declared outside the table
 *   (`const lineFeed = 0x0a`): a second, private table of codes.
 *
 * A lexer of its own, not a parser: enough to tell code from comments,
 * strings and regular expressions, and linear in the size of the source.
 */

export interface Offence {
  rule: 'hex-comparison' | 'code-comparison' | 'hex-constant';
  /** 1-based line. */
  line: number;
  /** The line, trimmed. */
  text: string;
}

const comparison = String.raw`(?:===|!==|==|!=|<=|>=|<|>)`;
const hex = String.raw`0[xX][0-9a-fA-F][0-9a-fA-F_]*`;
const number = String.raw`(?:${hex}|\d[\d_]*(?:\.\d+)?)`;
/** A call's argument list, one level of nested parentheses. */
const call = String.raw`\((?:[^()]|\([^()]*\))*\)`;
const codeCall = String.raw`\.(?:charCodeAt|codePointAt)${call}`;

const hexComparison = new RegExp(String.raw`${comparison}\s*-?${hex}\b|\b${hex}\s*${comparison}`, 'g');
const codeComparison = new RegExp(String.raw`${codeCall}!?\s*${comparison}\s*-?${number}\b|\b${number}\s*${comparison}\s*[\w$.]+${codeCall}`, 'g');
const hexConstant = new RegExp(String.raw`\b(?:const|let|var)\s+[\w$]+\s*(?::\s*[\w$]+\s*)?=\s*${hex}\s*(?:as\s+const\s*)?;`, 'g');
/** `name = ….charCodeAt(` (a declaration or an assignment; `const { a } = …` is not one). */
const codeVariable = new RegExp(String.raw`([\w$]+)\s*(?::\s*number\s*)?=\s*[^;=\n]*${codeCall.slice(0, -call.length)}\(`, 'g');

/** Kinds of token before a `/` that make it start a regular expression rather than divide. */
const beforeRegex = /[(,=:[!&|?{};+\-*%<>~^]$|(?:^|[^\w$])(?:return|typeof|case|do|else|in|of|void|yield|await)$/;

/** `source` with comments, strings and regular expressions blanked out (line breaks kept, so lines stay put). */
export function codeOnly(source: string): string {
  let out = '';
  let i = 0;
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) out += source[k] === '\n' ? '\n' : ' ';
  };
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const to = end === -1 ? source.length : end;
      blank(i, to);
      i = to;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const to = end === -1 ? source.length : end + 2;
      blank(i, to);
      i = to;
    } else if (c === '"' || c === "'" || c === '`') {
      let k = i + 1;
      while (k < source.length && source[k] !== c) k += source[k] === '\\' ? 2 : 1;
      out += c;
      blank(i + 1, Math.min(k, source.length));
      out += k < source.length ? c : '';
      i = k + 1;
    } else if (c === '/' && beforeRegex.test(out.trimEnd())) {
      let k = i + 1;
      let inClass = false;
      while (k < source.length && source[k] !== '\n' && (inClass || source[k] !== '/')) {
        if (source[k] === '\\') k++;
        else if (source[k] === '[') inClass = true;
        else if (source[k] === ']') inClass = false;
        k++;
      }
      out += '/';
      blank(i + 1, k);
      out += k < source.length && source[k] === '/' ? '/' : '';
      i = k + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The offences in one TypeScript source. */
export function findRawCharacterCodes(source: string): Offence[] {
  const code = codeOnly(source);
  const lines = source.split('\n');
  const offences: Offence[] = [];
  const lineOf = (index: number) => code.slice(0, index).split('\n').length;
  const add = (rule: Offence['rule'], index: number) => {
    const line = lineOf(index);
    if (!offences.some((offence) => offence.line === line)) {
      offences.push({ rule, line, text: (lines[line - 1] ?? '').trim() });
    }
  };
  for (const match of code.matchAll(hexComparison)) add('hex-comparison', match.index);
  for (const match of code.matchAll(codeComparison)) add('code-comparison', match.index);
  for (const match of code.matchAll(hexConstant)) add('hex-constant', match.index);
  const names = new Set<string>();
  for (const match of code.matchAll(codeVariable)) names.add(match[1]!);
  if (names.size > 0) {
    const alternatives = [...names].map((name) => name.replace(/\$/g, '\\$')).join('|');
    const named = new RegExp(
      String.raw`(?<![\w$.])(?:${alternatives})\s*${comparison}\s*-?${number}\b|\b${number}\s*${comparison}\s*(?:${alternatives})(?![\w$])`,
      'g',
    );
    for (const match of code.matchAll(named)) add('code-comparison', match.index);
  }
  return offences.sort((a, b) => a.line - b.line);
}
