/**
 * With option `html`, what the HTML adapter cannot read in Markdown's HTML
 * (a `<base href>` that is not the base, a URL attribute's value over its
 * size limit) is told as it is in an .html file: the same note code and
 * sentence, at the line of the Markdown source: to `scanMarkdown`'s
 * `onNote` (read whole and part by part), as the plugin's messages, and on
 * the command's standard error. Records stay the plugin's.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { defaultPartLimits } from '../../src/adapters/markdown/document/read-parts.js';
import { scanMarkdown, scanMarkdownInParts, type ScanMarkdownOptions } from '../../src/adapters/markdown/scan-markdown.js';
import remarkUrlsift from '../../src/remark.js';
import { scanHtmlWhole } from '../../src/adapters/html/html-scanner.js';
import { runCli } from '../cli/cli-helpers.js';
import { tempDir } from '../temp-folders.js';
import { everyCut, pluginRecords } from './process.js';

const longBase = `http://base.example/${'b'.repeat(2100)}`;
const longValue = `http://long.example/${'v'.repeat(1024 * 1024)}`;
const links = { url: 'http://doc.example/d/', root: 'http://doc.example/' };

/** What the HTML adapter says of `html` read as an .html file: its notes' codes and sentences without the line. */
function htmlSays(html: string, url?: string): Array<[string, string]> {
  const notes: Array<[string, string]> = [];
  scanHtmlWhole(html, { url, resolve: url !== undefined, onNote: (note) => notes.push([note.code, note.message.replace(/^line \d+: /, '')]) });
  return notes;
}

/** `code line` of each note of `scanMarkdown`, and the sentences. */
function brief(notes: ReadonlyArray<{ code?: string | undefined; line: number; message: string }>): string[] {
  return notes.map((note) => `${note.code} ${note.line}`);
}

describe('notes of the HTML adapter on HTML in Markdown', () => {
  it.each([
    // [what, markdown, options, notes (`code line`), the HTML the notes are about]
    ['a <base href> too long to be the base, in an HTML block', `# T\n\nsee http://a.example/\n\n<div>\n<base href="${longBase}">\n<a href="x.html">x</a>\n</div>\n`, { html: true, ...links }, ['base-not-used 6'], `<div>\n<base href="${longBase}">`],
    ['a javascript: base in a block quote', '> a\n>\n> <p>\n> <base href="javascript:void(0)">\n> </p>\n', { html: true, ...links }, ['base-not-used 4'], '<p>\n<base href="javascript:void(0)">'],
    ['inline HTML in a paragraph', `text <base href="${longBase}"> and http://a.example/\n`, { html: true, ...links }, ['base-not-used 1'], `<base href="${longBase}">`],
    ['two HTML blocks, one note each', `<base href="javascript:x">\n\ntext\n\n<base href="${longBase}">\n`, { html: true, ...links }, ['base-not-used 1', 'base-not-used 5'], undefined],
    ['without option html: HTML is not read, no note', `<base href="${longBase}">\n`, { ...links }, [], undefined],
  ] as Array<[string, string, ScanMarkdownOptions, string[], string | undefined]>)('%s', (_, markdown, options, expected, html) => {
    const plugin = pluginRecords(markdown, options);
    const whole: Array<{ code?: string; line: number; message: string }> = [];
    expect(scanMarkdown(markdown, { ...options, onNote: (note) => whole.push(note) })).toEqual(plugin);
    expect(brief(whole)).toEqual(expected);
    // the sentence the HTML adapter says of an .html file, after the line
    for (const note of whole) expect(note.message.startsWith(`line ${note.line}: `)).toBe(true);
    if (html !== undefined) expect(whole.map((note) => [note.code, note.message.replace(/^line \d+: /, '')])).toEqual(htmlSays(html, links.url).slice(0, whole.length));
    const cut: typeof whole = [];
    expect(scanMarkdownInParts(markdown, { ...options, onNote: (note) => cut.push(note) }, everyCut)).toEqual(plugin);
    expect(cut).toEqual(whole);
    // the plugin: information messages, the note's code as rule id, at the line
    const processor = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']).use(remarkUrlsift, options);
    const file = new VFile({ value: markdown });
    processor.runSync(processor.parse(file), file);
    const messages = file.messages.filter((message) => message.ruleId === 'base-not-used' || message.ruleId === 'attribute-too-long');
    expect(messages.map((message) => `${message.ruleId} ${message.line}`)).toEqual(expected);
    expect(messages.every((message) => message.fatal === undefined)).toBe(true);
    expect(messages.map((message) => message.reason)).toEqual(whole.map((note) => note.message.replace(/^line \d+: /, '')));
  });

  it('a URL attribute value over 1 MiB: attribute-too-long, the tag\'s other attributes read (parts large enough to hold it)', () => {
    const markdown = `see http://a.example/\n\n<p>\n<a title="t" href="${longValue}" data-x="1">x</a><img src="http://img.example/i.png">\n</p>\n`;
    const options = { html: true };
    const plugin = pluginRecords(markdown, options);
    expect(plugin.map((record) => record.url)).toEqual(['http://a.example/', 'http://img.example/i.png']);
    const notes: Array<{ code?: string; line: number; message: string }> = [];
    expect(scanMarkdownInParts(markdown, { ...options, onNote: (note) => notes.push(note) }, { ...defaultPartLimits, maxPartSize: 4 * 1024 * 1024 })).toEqual(plugin);
    // the line the HTML adapter gives for the node's HTML (starting at line 3), as for an .html file
    const node = `<p>\n<a title="t" href="${longValue}" data-x="1">x</a><img src="http://img.example/i.png">\n</p>`;
    let inNode = 0;
    scanHtmlWhole(node, { onNote: (note) => (inNode = note.line ?? 0) });
    expect(inNode).toBeGreaterThan(0);
    expect(brief(notes)).toEqual([`attribute-too-long ${3 + inNode - 1}`]);
    expect(notes[0]?.message).toMatch(new RegExp(`^line ${3 + inNode - 1}: an <a href> value of more than \\d+ characters is not read`));
  });
});

describe('the command', () => {
  it('tells a Markdown file\'s HTML notes on standard error, as an .html file\'s', async () => {
    const folder = tempDir('urlsift-html-notes-');
    const body = `# T\n\n<div>\n<base href="${longBase}">\n<a href="x.html">x</a>\n</div>\n`;
    const markdown = path.join(folder, 'a.md');
    const html = path.join(folder, 'a.html');
    writeFileSync(markdown, body);
    writeFileSync(html, body);
    const fromMarkdown = await runCli(['--markdown-html', '--base', 'http://doc.example/d/', '--stats', '--jobs', '1', markdown]);
    const fromHtml = await runCli(['--base', 'http://doc.example/d/', '--stats', '--jobs', '1', html]);
    expect(fromMarkdown.code).toBe(0);
    const sentence = `line 4: a <base href> of ${longBase.length} characters (more than 2048) is not the base: relative links are resolved against the document's URL`;
    expect(fromHtml.stderr).toContain(`${html}: ${sentence}`);
    expect(fromMarkdown.stderr).toContain(`${markdown}: ${sentence}`);
    expect(fromMarkdown.stdout).toContain('\thttp://base.example/bbb');
  });
});
