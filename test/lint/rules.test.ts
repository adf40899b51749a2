/**
 * RULES.md holds to the code: every rule has an id, a reason, the
 * `file#name` that decides it (declared there, with a `// rule: <id>`
 * comment right above it) and a test (the file and title exist, and the
 * file marks the rule with the same comment); no `rule:` comment in `src/`
 * or `test/` names a rule RULES.md does not have; the README's old rule
 * numbers (1–20, kept in docs/text.md) each lead to ids. The checker's own
 * cases first.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkRules, declarationLines, parseRules, unknownMarks, type ReadFile } from './rules.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A `rule:` comment, put together here so that this file holds none of its own. */
const mark = (id: string): string => ['//', 'rule:', id].join(' ');

/** A reader of the files given. */
const filesOf =
  (files: Record<string, string>): ReadFile =>
  (path) =>
    files[path];

const entry = (id: string, where: string, test: string, earlier?: string): string =>
  [`### \`${id}\``, 'A rule, stated.', '- reason: RFC 1738 §2.2', `- where: ${where}`, `- test: ${test}`, ...(earlier === undefined ? [] : [`- earlier number: ${earlier}`]), ''].join('\n');

describe('the checker', () => {
  const code = ['/** Cut the end. */', mark('cut-end'), 'export function cutEnd(text: string): string {', '  trimEnd(text);', '  return text;', '}', 'const other = 1;', ''].join('\n');
  const test = ["describe('cutting the end', () => {", `  ${mark('cut-end')}`, "  it('cuts', () => {});", '});'].join('\n');
  const files = { 'src/cut.ts': code, 'test/cut.test.ts': test };
  const good = entry('cut-end', '`src/cut.ts#cutEnd`, `src/cut.ts#other`', '`test/cut.test.ts` › “cutting the end”');

  it('finds no problem in an entry that holds', () => {
    const parsed = parseRules(good);
    expect(parsed.rules.map((rule) => [rule.id, rule.where, rule.tests])).toEqual([
      [
        'cut-end',
        [
          { file: 'src/cut.ts', name: 'cutEnd' },
          { file: 'src/cut.ts', name: 'other' },
        ],
        [{ file: 'test/cut.test.ts', titles: ['cutting the end'] }],
      ],
    ]);
    expect(checkRules(parsed, filesOf(files))).toEqual([]);
  });

  it.each([
    ['a file that does not exist', entry('cut-end', '`src/gone.ts#cutEnd`', '`test/cut.test.ts` › “cutting the end”'), 'src/gone.ts does not exist'],
    ['a name the file does not declare', entry('cut-end', '`src/cut.ts#cutStart`', '`test/cut.test.ts` › “cutting the end”'), 'src/cut.ts declares no cutStart'],
    ['a name only called, not declared', entry('cut-end', '`src/cut.ts#cutEnd`, `src/cut.ts#trimEnd`', '`test/cut.test.ts` › “cutting the end”'), 'src/cut.ts declares no trimEnd'],
    ['no comment at the first name', entry('cut-end', '`src/cut.ts#other`', '`test/cut.test.ts` › “cutting the end”'), `no \`${mark('cut-end')}\` comment right above other`],
    ['a test file that does not exist', entry('cut-end', '`src/cut.ts#cutEnd`', '`test/gone.test.ts` › “cutting the end”'), 'test/gone.test.ts does not exist'],
    ['a title the test file does not have', entry('cut-end', '`src/cut.ts#cutEnd`', '`test/cut.test.ts` › “cutting the start”'), 'has no test titled “cutting the start”'],
    ['no comment in the test file', entry('cut-start', '`src/cut.ts#cutEnd`', '`test/cut.test.ts` › “cutting the end”'), `no \`${mark('cut-start')}\` comment in test/cut.test.ts`],
    ['an id that is not kebab-case', entry('Cut_end', '`src/cut.ts#cutEnd`', '`test/cut.test.ts` › “cutting the end”'), 'the id is not kebab-case'],
    ['an id given twice', good + good, 'the id is given twice'],
    ['no test', entry('cut-end', '`src/cut.ts#cutEnd`', 'none yet'), 'no test'],
    ['an old rule number the table does not give', entry('cut-end', '`src/cut.ts#cutEnd`', '`test/cut.test.ts` › “cutting the end”', 'rule 4'), 'rule 4: the headings give cut-end, the table no id'],
  ])('finds %s', (_, markdown, problem) => {
    const problems = checkRules(parseRules(markdown), filesOf(files));
    expect(problems.filter((line) => line.includes(problem))).toHaveLength(1);
  });

  it('reads the table of old rule numbers', () => {
    const markdown = `${entry('cut-end', '`src/cut.ts#cutEnd`', '`test/cut.test.ts` › “cutting the end”', 'rules 4, 12')}\n## Rule numbers\n\n| rule | ids |\n| --- | --- |\n| 4 | \`cut-end\` |\n| 12 | \`cut-end\` |\n`;
    const parsed = parseRules(markdown);
    expect(parsed.numbers).toEqual(new Map([[4, ['cut-end']], [12, ['cut-end']]]));
    expect(checkRules(parsed, filesOf(files))).toEqual([]);
  });

  it('knows declarations from calls', () => {
    const source = [
      'export function a(): void {}',
      'export async function* b() {}',
      'const c = () => {};',
      'export class D {',
      '  private e(x: number): void {',
      '    f();',
      '    return g(x);',
      '  }',
      '  static h<T>(',
      '}',
      'export type I = number;',
    ].join('\n');
    expect(['a', 'b', 'c', 'D', 'e', 'f', 'g', 'h', 'I'].map((name) => declarationLines(source, name))).toEqual([
      [0],
      [1],
      [2],
      [3],
      [4],
      [],
      [],
      [8],
      [10],
    ]);
  });

  it('finds rule comments that name no rule', () => {
    const sources = new Map([
      ['src/cut.ts', code],
      ['src/old.ts', `${mark('cut-middle')}\nconst x = 1;`],
    ]);
    expect(unknownMarks(parseRules(good), sources)).toEqual(['src/old.ts:1: cut-middle']);
  });
});

function* filesUnder(folder: string): Generator<string> {
  for (const item of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = `${folder}/${item.name}`;
    if (item.isDirectory()) yield* filesUnder(path);
    else if (/\.(?:ts|js)$/.test(item.name)) yield path;
  }
}

const read: ReadFile = (path) => {
  try {
    return readFileSync(join(root, path), 'utf8');
  } catch {
    return undefined;
  }
};

describe('RULES.md', () => {
  const rules = parseRules(readFileSync(join(root, 'RULES.md'), 'utf8'));

  it('has its rules', () => {
    expect(rules.rules.length).toBeGreaterThan(100);
  });

  it('holds to src/ and test/: every id at its function and beside its cases, every file and name there', () => {
    expect(checkRules(rules, read)).toEqual([]);
  });

  it('every old rule number, 1 to 20, leads to ids', () => {
    expect([...rules.numbers.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('no `rule:` comment in src/ or test/ names a rule it does not have', () => {
    const sources = new Map<string, string>();
    for (const folder of ['src', 'test']) {
      for (const path of filesUnder(folder)) sources.set(relative(root, join(root, path)), read(path) as string);
    }
    expect(unknownMarks(rules, sources)).toEqual([]);
  });
});
