/**
 * RULES.md read, and held to the code: a parser of its entries and the
 * checks `rules.test.ts` runs on them. The checks take the files they look
 * at as a function (path → text, `undefined` when there is none), so that
 * they can be tried on texts written for the test.
 *
 * An entry:
 *
 * ```markdown
 * ### `trailing-punctuation`
 * Trailing `.,;:!?'"` are the sentence's, …
 * - reason: RFC 1738 Appendix
 * - where: `src/scanner/trailing-punctuation.ts#trimTrailing`, `src/scanner/character-classes.ts#isTrailingPunctuation`
 * - test: `test/scanner/bare-urls.test.ts` › “bare URLs”
 * ```
 */

export interface Place {
  file: string;
  name: string;
}

export interface TestPlace {
  file: string;
  titles: string[];
}

export interface Rule {
  id: string;
  /** 1-based line of its heading. */
  line: number;
  /** The README's old rule numbers it holds. */
  numbers: number[];
  text: string;
  reason: string | undefined;
  where: Place[];
  tests: TestPlace[];
}

export interface RulesFile {
  rules: Rule[];
  /** The table at the end: old rule number (the README's, kept in docs/text.md) → ids. */
  numbers: Map<number, string[]>;
}

const heading = /^### `([^`]+)`\s*$/;
const placePattern = /`([^`\s#]+\.ts)#([A-Za-z_$][\w$]*)`/g;
const testFilePattern = /`(test\/[^`\s]+\.test\.ts)`/;
const titlePattern = /“([^”]+)”/g;
const numberRow = /^\| (\d+) \| (.+) \|$/;

/** The entries of RULES.md and its table of old rule numbers. */
export function parseRules(markdown: string): RulesFile {
  const rules: Rule[] = [];
  const numbers = new Map<number, string[]>();
  let rule: Rule | undefined;
  const lines = markdown.split('\n');
  for (const [index, line] of lines.entries()) {
    const found = heading.exec(line);
    if (found !== null) {
      rule = {
        id: found[1] as string,
        line: index + 1,
        numbers: [],
        text: '',
        reason: undefined,
        where: [],
        tests: [],
      };
      rules.push(rule);
      continue;
    }
    if (line.startsWith('## ') || line.startsWith('### ')) {
      rule = undefined;
    }
    const row = numberRow.exec(line);
    if (row !== null && rule === undefined) {
      numbers.set(Number(row[1]), [...(row[2] as string).matchAll(/`([^`]+)`/g)].map((match) => match[1] as string));
      continue;
    }
    if (rule === undefined) continue;
    if (line.startsWith('- reason:')) rule.reason = line.slice('- reason:'.length).trim();
    else if (line.startsWith('- earlier number:')) {
      rule.numbers = line
        .slice('- earlier number:'.length)
        .replace(/rules?/, '')
        .split(',')
        .map((number) => Number(number.trim()));
    }
    else if (line.startsWith('- where:')) {
      for (const match of line.matchAll(placePattern)) rule.where.push({ file: match[1] as string, name: match[2] as string });
    } else if (line.startsWith('- test:')) {
      for (const part of line.slice('- test:'.length).split(/;\s+(?=`test\/)/)) {
        const file = testFilePattern.exec(part)?.[1];
        if (file === undefined) continue;
        rule.tests.push({ file, titles: [...part.matchAll(titlePattern)].map((match) => match[1] as string) });
      }
    } else if (line.trim() !== '') rule.text += (rule.text === '' ? '' : ' ') + line.trim();
  }
  return { rules, numbers };
}

/** Reads a file of the repository: its text, or `undefined` when there is none. */
export type ReadFile = (path: string) => string | undefined;

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The 0-based lines of `source` where `name` is declared: a function, a class, a constant or variable, a type, or a method. */
export function declarationLines(source: string, name: string): number[] {
  const n = escaped(name);
  const declaration = new RegExp(
    String.raw`^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\s*\*?\s*|const\s+|let\s+|var\s+|class\s+|interface\s+|type\s+)${n}\b`,
  );
  // a method: modifiers, the name, its parameters, and a body (`{`) or parameters on the lines after (`(`): no `;`
  const method = new RegExp(
    String.raw`^\s+(?:(?:public|private|protected|static|readonly|override|async|get|set)\s+)*\*?${n}\s*(?:<[^>]*>)?\((?:[^;]*\{)?\s*$`,
  );
  const statement = /^\s*(?:if|for|while|switch|return|catch|await|yield|throw|new)\b/;
  const found: number[] = [];
  for (const [index, line] of source.split('\n').entries()) {
    if (declaration.test(line) || (method.test(line) && !statement.test(line))) found.push(index);
  }
  return found;
}

/** The comment lines right above the 0-based line `at` (a `//` run and a `/** … *\/` block, no blank line between). */
export function commentAbove(source: string, at: number): string[] {
  const lines = source.split('\n');
  const comment: string[] = [];
  for (let index = at - 1; index >= 0; index--) {
    const line = (lines[index] as string).trim();
    if (!(line.startsWith('//') || line.startsWith('/*') || line.startsWith('*'))) break;
    comment.push(line);
  }
  return comment;
}

/**
 * The marks of rules in code and tests: `// rule: <id>`, ` * rule: <id>`,
 * or `(rule: <id>)` at the end of a comment on a table's rows.
 */
export const ruleComment = /(?:\/\/|\*|\()\s*rule: ([a-z0-9]+(?:-[a-z0-9]+)*)\b/g;

/** Does the text mark rule `id`? */
function marks(text: string, id: string): boolean {
  return [...text.matchAll(ruleComment)].some((match) => match[1] === id);
}

/** The problems of RULES.md against the files of the repository, one line each (none: it holds). */
export function checkRules(file: RulesFile, read: ReadFile): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const rule of file.rules) {
    const where = `${rule.id} (line ${rule.line})`;
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(rule.id)) problems.push(`${where}: the id is not kebab-case`);
    if (seen.has(rule.id)) problems.push(`${where}: the id is given twice`);
    seen.add(rule.id);
    if (rule.text === '') problems.push(`${where}: no rule stated`);
    if (rule.reason === undefined || rule.reason === '') problems.push(`${where}: no reason`);
    if (rule.where.length === 0) problems.push(`${where}: no file#name where it is decided`);
    if (rule.tests.length === 0) problems.push(`${where}: no test`);
    for (const [index, place] of rule.where.entries()) {
      const source = read(place.file);
      if (source === undefined) {
        problems.push(`${where}: ${place.file} does not exist`);
        continue;
      }
      const lines = declarationLines(source, place.name);
      if (lines.length === 0) {
        problems.push(`${where}: ${place.file} declares no ${place.name}`);
        continue;
      }
      if (index === 0 && !lines.some((line) => marks(commentAbove(source, line).join('\n'), rule.id))) {
        problems.push(`${where}: no \`// rule: ${rule.id}\` comment right above ${place.name} in ${place.file}`);
      }
    }
    let marked = false;
    for (const test of rule.tests) {
      const source = read(test.file);
      if (source === undefined) {
        problems.push(`${where}: ${test.file} does not exist`);
        continue;
      }
      if (test.titles.length === 0) problems.push(`${where}: no title named in ${test.file}`);
      // (a title as written in its string: `'the standard\'s'`)
      const unescaped = source.replace(/\\(['"`])/g, '$1');
      for (const title of test.titles) {
        if (!unescaped.includes(title)) problems.push(`${where}: ${test.file} has no test titled “${title}”`);
      }
      marked ||= marks(source, rule.id);
    }
    if (rule.tests.length > 0 && !marked) problems.push(`${where}: no \`// rule: ${rule.id}\` comment in ${rule.tests.map((test) => test.file).join(' or ')}`);
  }
  // the README's numbers: the headings and the table say the same
  const byHeadings = new Map<number, string[]>();
  for (const rule of file.rules) for (const number of rule.numbers) byHeadings.set(number, [...(byHeadings.get(number) ?? []), rule.id]);
  for (const number of new Set([...byHeadings.keys(), ...file.numbers.keys()])) {
    const headings = [...(byHeadings.get(number) ?? [])].sort();
    const table = [...(file.numbers.get(number) ?? [])].sort();
    if (headings.join() !== table.join()) problems.push(`rule ${number}: the headings give ${headings.join(', ') || 'no id'}, the table ${table.join(', ') || 'no id'}`);
  }
  return problems;
}

/** `rule:` comments in `sources` (path → text) that name no rule of `file`, as `path:line: id`. */
export function unknownMarks(file: RulesFile, sources: ReadonlyMap<string, string>): string[] {
  const ids = new Set(file.rules.map((rule) => rule.id));
  const unknown: string[] = [];
  for (const [path, source] of sources) {
    for (const [index, line] of source.split('\n').entries()) {
      for (const match of line.matchAll(ruleComment)) {
        if (!ids.has(match[1] as string)) unknown.push(`${path}:${index + 1}: ${match[1]}`);
      }
    }
  }
  return unknown;
}
