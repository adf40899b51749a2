/**
 * `scanMarkdown` reading a document part by part gives exactly the plugin's
 * records over the whole document, every field: on every bundled Markdown
 * file and on documents assembled from the constructs that decide where
 * URLs are. Parts are made as small as the document allows (a part at every
 * place it can be cut), so every cut is tried.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { scanMarkdownInParts, type ScanMarkdownOptions } from '../../src/adapters/markdown/scan-markdown.js';
import { defaultPartLimits, maxKeptCharacters, scanParts, type ReadAlone } from '../../src/adapters/markdown/document/read-parts.js';
import { notModelled } from '../../src/adapters/markdown/unit-reader/answers.js';
import { readUnitTree, type OpenBlock } from '../../src/adapters/markdown/unit-reader/read-unit-tree.js';
import { findUrls } from '../../src/adapters/markdown/walk/find-urls.js';
import { resolveOptions } from '../../src/adapters/markdown/plugin/options.js';
import remarkUrlsift from '../../src/remark.js';
import { everyCut, pluginRecords } from './process.js';


/** The reference: the plugin after remark-parse, remark-gfm and remark-frontmatter, on the whole document. */
const plugin = pluginRecords;

function inParts(markdown: string, options: ScanMarkdownOptions = {}) {
  const notes: string[] = [];
  const records = scanMarkdownInParts(markdown, { ...options, onNote: (note) => notes.push(note.message) }, everyCut);
  expect(notes).toEqual([]);
  return records;
}

/** Relative destinations reported, resolved against the document's URL and the root's (`--base`, `--root`). */
const relative = { url: 'https://example.org/docs/guide/page.md', root: 'https://example.org/docs/' };

const corpus = new URL('../../corpus/markdown/', import.meta.url);
const bundled = readdirSync(corpus).filter((name) => name.endsWith('.md'));

// rule: markdown-parts
describe('part by part = the plugin on the whole document', () => {
  it.each(bundled)('corpus/markdown/%s', (name) => {
    const markdown = readFileSync(new URL(name, corpus), 'utf8');
    for (const options of [{}, { code: true }, { html: true }, { ...relative, html: true }]) expect(inParts(markdown, options)).toEqual(plugin(markdown, options));
  });

  it.each([
    // [what, markdown]
    ['a definition after its use', 'See [the spec][s].\n\nMore.\n\n[s]: http://a.example/s\n\n[http://a.example/s][s]'],
    ['a definition before its use, and a second one that loses', '[s]: http://a.example/1\n\ntext\n\n[s]: http://a.example/2\n\n[s] [http://a.example/1][s]'],
    ['a footnote defined later', 'See [^n].\n\nMore.\n\n[^n]: http://a.example/n'],
    ['an unclosed fence', 'a\n\n```\nhttp://a.example/\n\nb http://b.example/\n\nc'],
    ['a fence closed later', 'a\n\n~~~ sh\nhttp://a.example/\n\nb\n~~~\n\nc http://c.example/'],
    ['a comment across blank lines', 'a\n\n<!-- x\n\nhttp://a.example/\n\n-->\n\nb http://b.example/'],
    ['a script block across blank lines', 'a\n\n<script>\n\nhttp://a.example/\n\n</script>\n\nb http://b.example/'],
    ['front matter, then a thematic break that is no front matter', '---\nurl: http://a.example/\n---\n\na\n\n---\nb: http://b.example/\n---\n\nc'],
    ['a list continued after a blank line', '- a http://a.example/\n\n- b <URL:http://b.exam\n  ple/>\n\nc'],
    ['a byte order mark', '\ufeffa http://a.example/\n\nb http://b.example/'],
    ['CRLF', 'a http://a.example/\r\n\r\nb <URL:http://b.exam\r\n ple/>\r\n\r\nc'],
    ['front matter across a blank line', '---\na: 1\n\nb http://a.example/\n---\n\nc http://c.example/'],
    ['a fence opened in a quiet unit, closed after a blank line', 'a\n\n```\nx\n\ny http://a.example/\n```\n\nz http://z.example/'],
    ['a URL before a fence with blank lines in it, in code too', 'See http://a.example/\n```js\nx\n\ny http://b.example/\n\n```\n\nz http://c.example/\n\n```\nopen\n\nw http://d.example/'],
    ['a fence indented inside a list item, then one at column 1', '- a\n\n  ```\n  x\n```\n\nb http://a.example/\n\n```\n\nc'],
    ['a prose colon, then a destination after one', 'Note: no URL here\n\n[a](x: "t") and [b](\nmailto: "t")\n\nc'],
    ['a character reference for a colon', 'see http&#58;//a.example/\n\nand &lt;http://b.example/&gt;\n\nc'],
    ['HTML blocks of kinds 1–5 closed on their first line', '<!-->\n\na http://a.example/\n\n<?x?>\n\n<![CDATA[]]>\n\n<pre></pre>\n\nb http://b.example/\n\n-->'],
    ['HTML blocks of kinds 1 and 2 left open', '<style\n\na http://a.example/\n\n</style>\n\n<!-- -- >\n\nb http://b.example/\n\n-->\n\nc http://c.example/'],
    ['brackets defined in another unit are references, the others text', 'See [Spec] http://a.example/x, [en-AU] and [a][SPEC].\n\nMore [b] http://a.example/b.\n\n[spec]: http://a.example/s\n\n> [c\n> d]: http://a.example/cd\n\n[C D] http://a.example/y'],
    ['references read without remark, to definitions in earlier units, in parts read together, and to ones that lose', '[a]: http://a.example/1\n\nText.\n\n~~x~~ [a] http://x.example/\n\n[a]: http://a.example/2\n[b]: http://b.example/\n\nSee [a], [http://a.example/1][a], [t][b] and [b][] http://c.example/\n\n![i][a]\n'],
    ['a definition-like line inside an HTML comment left open: no definition (read first as one, then again)', '<!-- x\n\n[a]: http://a.example/\n\n-->\n\nSee [a] and [b] http://b.example/\n\n[b]: http://b.example/b\n'],
    ['definitions after their use, known before the parts are read', 'See [a], [b][] and ~~[c]~~ http://x.example/\n\n<b>[a]</b> and ![i][c]\n\n[a]: http://a.example/\n[b]: http://b.example/\n\n[c]: http://c.example/\n[a]: http://a.example/loses\n'],
    ['definitions of URLs of every shape, used from another part', 'See [a], [b], [c], [d], [http://e.example/\\_x][e] and [f].\n\nMore.\n\n[a]: http://a.example/x\n[b]: http://b.example/?x=1&amp;y=2\n[c]: http://c.example/(p)\n[d]: <http://d.example/a b>\n[e]: http://e.example/\\_x\n[f]: <http://f.example/\\<>\n'],
    ['fenced code that runs past its unit: a fence in HTML is text, and the next fence line opens code', '<div>\n```\n</div>\n\ntext http://a.example/\n```\n\nmore http://b.example/\n\n```\nafter\n```\n\nend http://c.example/\n\n<p>\n~~~\n\n~~~\nx http://d.example/\n'],
    ['remark-gfm literals without a colon', 'see www.a.example and WWW.B.EXAMPLE.\n\nmail a@b.example\n\nc'],
    ['relative destinations in units without a colon', 'Intro.\n\nSee [guide](./guide.md#usage) and ![img](../img.png).\n\n[self](#part) [up][u]\n\n[u]: ../up.md\n\n<a href="x.html">x</a>'],
  ])('%s', (_, markdown) => {
    for (const options of [{}, { code: true, html: true }, relative]) expect(inParts(markdown, options)).toEqual(plugin(markdown, options));
  });
});

/** Blocks that decide where URLs are, each ending in a line ending. */
const blocks = fc.constantFrom(
  'A paragraph with http://a.example/p and *emphasis* around <URL:http://b.example/w>.\n',
  'A wrapper broken <URL:ftp://ds.in\n   ternic.net/rfc> across lines.\n',
  '```\nhttp://a.example/code\n',
  '```sh\ncurl http://a.example/fenced\n```\n',
  '~~~\nhttp://a.example/tilde\n',
  '~~~~\n~~~\n',
  '    http://a.example/indented\n',
  '- tight http://a.example/l1\n- list\n',
  '- loose\n\n  http://a.example/l2 continued\n',
  '1. ordered\n   - nested <URL:http://a.example/\n     nest>\n',
  '> quote http://a.example/q\nlazy http://a.example/lazy\n',
  '> > nested <URL:http://a.example/\n> > nq>\n',
  '| a | b |\n| - | - |\n| http://a.example/t | <URL:ftp://a.example/c> |\n',
  '<div>\n<a href="http://a.example/h">x</a>\n',
  '<!-- http://a.example/comment\n',
  '-->\n',
  '<script>\nhttp://a.example/script\n',
  '</script>\n',
  '<?php http://a.example/pi\n',
  '?>\n',
  '<!DOCTYPE html http://a.example/decl\n',
  '<![CDATA[ http://a.example/cdata\n',
  ']]>\n',
  '<pre>\n',
  'Inline <span title="http://a.example/i">html</span> and `code http://a.example/c` and ``a ` http://a.example/cc``.\n',
  '[ref]: http://a.example/def\n',
  '[ref2]: <http://a.example/def2> "title\n',
  '[^fn]: http://a.example/fn\n',
  'Uses [ref], [text][ref2], [http://a.example/def][ref] and [^fn].\n',
  'Autolinks <http://a.example/al> <jim@a.example> www.a.example/www.\n',
  'Entities http://a.example/&amp;e and escapes http://a.example/\\_x.\n',
  '**http://a.example/strong** and ~~http://a.example/del~~ and http://a.example/?q=*x*\n',
  '---\ntitle: http://a.example/fm\n---\n',
  '# Heading http://a.example/h1\n',
  'Setext http://a.example/se\n===\n',
  '***\n',
  // no trigger: units remark need not read, and what they may leave open
  'Plain prose without a URL.\n',
  'Note: a colon and a space\nare no trigger.\n',
  '```\nno url in code: here\n',
  '```js\nx\n```\n',
  '  ```\n  indented fence\n',
  '```\n',
  '~~~\n',
  '- item\n\n  ```\n  fenced in an item\n',
  '> ```\n> quoted fence\n',
  '[a](x: "title") [b](\nnews: "t")\n',
  '[d]: ab:\n',
  'Task [x] done: yes [ ] not: yet\n',
  'At 10:30, key:value and Foo:Bar, std::vector.\n',
  'Call tel:+1-555-0100\n',
  'See urn:isbn:0451450523\n',
  'Read NEWS:comp.lang.c\n',
  'Spelled ab:\\/\\/a.example/e\n',
  'Spelled cd:*//*b.example/f\n',
  'Marked ht*tp*://c.example/g and _mailto_:x\n',
  'Escaped news\\:comp.lang.c\n',
  'An autolink <foo:bar>\n',
  'A wrapper <URL: foo:bar> and <URL:\nab:cd>\n',
  'An autolink <Mailto:a.b>\n',
  '[a](foo:bar) and ![i](img:x) and [r]\n',
  '[r]: web+app:x\n',
  'Refs [ref] and [^fn] only.\n',
  'www.a.example and Www.b.example, a@b.example\n',
  'Entities &#58; &colon; &#x3C;http://a.example/e&#x3E;\n',
  'Spelled http&#58;//a.example/s and &#60;URL&colon;ftp&#x3A;//b.example/&#62;\n',
  'w*w*w.a.example and www\\.b.example\n',
  '+++\ntoml = "http://a.example/toml"\n+++\n',
  '| a | b |\n| - | - |\n| x | y |\n```\n',
  'Generic <T> and a <br> here.\n',
  '<div>\n```\n</div>\n',
  '<!-- a comment -->\n',
  '<!--\n',
  '<pre>\nno url\n</pre>\n',
  '  <!--\n',
  '@types/node, `@scope/x` and @user\n',
  "import x from '@scope/x'; (@user) \"@a.example\" <o'neil@a.example> a\\_@b.example x+@c.example\n",
  '<Since v="0.4.4" pkg="@astrojs/markdoc" /> <x{|}~@a.example> <a b@c.example>\n',
  'Locale [en-AU], [ref] and [x][] [y][ref] http://a.example/b\n',
  '[Ref]:\n  http://a.example/next-line\n',
  '- [ ] task http://a.example/task\n- [x] done\n',
  'Inline <b>html</b> <!-- c --> http://a.example/ih <a\nhref="x">\n',
  '<br>\n<custom-tag x="http://a.example/k7">\n',
  'a`@b.example and a\\@b.example\n',
  // where micromark departs from the spec, and where scanMarkdown once read otherwise
  '    indented <URL:http://a.example/ic>\n',
  '3. from three http://a.example/o3\n',
  '-\n',
  '2.\n',
  '---\n',
  '+++\n',
  '<?>\n',
  '<![CDATA[ x ]]]>\n',
  't `x\n[^n2]: http://a.example/fn2 `\n',
  '[d2]: http://a.example/d2\n-:\n',
  // relative destinations: records only with `url`
  'See [guide](./guide.md#usage), ![img](../img.png) and [self](#part).\n',
  '[rel]: sub/x.md\n',
  'Uses [rel] and [a](/docs/abs.md) here.\n',
  '<a href="rel/page.html">x</a> and <img src="/abs.png">\n',
  '[empty]() and [spaced](<my file.md>) and [paren]((./p))\n',
);
const separators = fc.constantFrom('\n', '', '\n\n', '  \n');
const documents = fc
  .array(fc.tuple(blocks, separators), { maxLength: 12 })
  .map((parts) => parts.map(([block, separator]) => block + separator).join(''));

// rule: markdown-quiet-units
describe('generated documents', () => {
  it.each([{}, { code: true, html: true }, { schemeless: true, emails: true }, relative, { ...relative, html: true, root: undefined }])('part by part = the plugin (options %j)', (options) => {
    fc.assert(
      fc.property(documents, (markdown) => {
        expect(inParts(markdown, options)).toEqual(plugin(markdown, options));
      }),
      { numRuns: 300 },
    );
  });

  it('with parts of the default size and of a few units = the plugin', () => {
    fc.assert(
      fc.property(documents, fc.constantFrom(40, 200, defaultPartLimits.partSize), (markdown, partSize) => {
        const notes: string[] = [];
        const records = scanMarkdownInParts(markdown, { onNote: (note) => notes.push(note.message) }, { ...everyCut, partSize });
        expect(notes).toEqual([]);
        expect(records).toEqual(plugin(markdown));
      }),
      { numRuns: 200 },
    );
  });
});

/**
 * Every unit that may hold a record read by remark (no unit reader), in
 * parts of `partSize`: the records, and each text remark was given.
 * `inBlocks`: URLs in code and HTML are reported (options `code` and `html`).
 */
function readByRemark(markdown: string, partSize = defaultPartLimits.partSize, inBlocks = false) {
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']).use(remarkUrlsift, { messages: false, code: inBlocks, html: inBlocks });
  const settings = { code: inBlocks, html: inBlocks, emails: false, schemeless: false, relative: false };
  const texts: string[] = [];
  const parse = (text: string) => {
    texts.push(text);
    const file = new VFile({ value: text });
    const tree = processor.runSync(processor.parse(file), file);
    return { tree, records: file.data.urls ?? [] };
  };
  const { records, remarkBytes } = scanParts(markdown, { parse, readAlone: () => undefined, scanOptions: () => resolveOptions({}).resolvedScan, onNote: () => undefined, quiet: settings }, { ...defaultPartLimits, partSize });
  return { records, remarkBytes, texts };
}

describe('parts read in one call of remark', () => {
  const read = (markdown: string) => readByRemark(markdown);

  it('parts apart (prose between) are read together, with the definitions they use, and give the plugin’s records', () => {
    const markdown = 'Intro.\n\n~~a~~ http://a.example/ [d]\n\nProse.\n\n- ~~b~~ http://b.example/\n- c\n\nMore prose.\n\n> ~~e~~ http://e.example/\n\n[d]: http://a.example/d\n';
    const { records, texts } = read(markdown);
    expect(records).toEqual(plugin(markdown));
    expect(texts).toHaveLength(1);
  });

  it('remarkBytes counts all remark is given: definitions blocks, separators, parts read again', () => {
    const markdown = 'Intro.\n\n~~a~~ see [d] http://a.example/\n\nProse.\n\n- ~~b~~ [d]\n\n[d]: http://a.example/d\n';
    const { remarkBytes, texts } = read(markdown);
    expect(texts.some((text) => text.includes('[d]: http://a.example/d'))).toBe(true);
    expect(remarkBytes).toBe(texts.reduce((bytes, text) => bytes + Buffer.byteLength(text), 0));
  });

  it('parts that may run on (a fence, HTML of kinds 1–5) are read alone', () => {
    const comment = '<!-- x -->\n~~b~~ http://b.example/\n\n';
    const fence = '- ```\n  c\n\n  ~~d~~ http://d.example/\n  ```\n\n';
    const markdown = `Intro.\n\n~~a~~ http://a.example/\n\nProse.\n\n${comment}More.\n\n${fence}Last.\n\n~~f~~ http://f.example/\n`;
    const { records, texts } = read(markdown);
    expect(records).toEqual(plugin(markdown));
    expect(texts).toEqual([comment, fence, '~~a~~ http://a.example/\n\n\n\n***\n\n~~f~~ http://f.example/\n']);
  });

  it.each([
    // [what, part]: no `<` that may start an HTML block of kinds 1–5 (each ends at a blank line, or is no block)
    ['an HTML block of kind 6', '<div>\n~~b~~ http://b.example/\n\n'],
    ['an HTML block of kind 7', '<x-y z="1">\n~~b~~ http://b.example/\n\n'],
    ['a definition with a `<…>` destination, an autolink, a `<` that opens nothing', '[b]: <http://b.example/b>\n\n~~b~~ <http://c.example/> 1 < 2 [b]\n\n'],
    ['inline HTML and a code span holding a tag', 'a `<b>` <span>x</span> ~~b~~ http://b.example/\n\n'],
  ])('a part holding %s is read with the others, in one call', (_, part) => {
    const markdown = `Intro.\n\n~~a~~ http://a.example/\n\nProse.\n\n${part}Last.\n\n~~f~~ http://f.example/\n`;
    const { records, texts } = read(markdown);
    expect(records).toEqual(plugin(markdown));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(part);
  });
});

describe('a part whose last block is left open', () => {
  // a fence or comment closed about 6 KB on, past many places a part may start; a fence in an HTML block is text, so the fences after it open and close out of step (astro's `<Tabs>`)
  const filler = 'line http://a.example/x\n\n'.repeat(250);
  const tabs = '<Tabs>\n```sh\nnpm i http://x.example/\n\n```\n';
  it.each([
    // [what, markdown, what opens the block, how it ends]
    ['fenced code after an HTML block', `Intro http://i.example/\n\n${tabs}${filler}\`\`\`\n\nafter http://b.example/\n\n${filler}`, '<Tabs>', '```\n\n'],
    ['fenced code, and another opened on the line after its closing fence', `Intro http://i.example/\n\n${tabs}${filler}\`\`\`\n~~~\n${filler}~~~\n\nafter http://b.example/\n\n${filler}`, '<Tabs>', '~~~\n\n'],
    ['a comment', `Intro http://i.example/\n\n<!-- a\n\n${filler}-->\n\nafter http://b.example/\n\n${filler}`, '<!-- a', '-->\n\n'],
    ['a script whose end is on a line of text', `Intro http://i.example/\n\n<script>\n\n${filler}x</script> y\n\nafter http://b.example/\n\n${filler}`, '<script>', '</script> y\n\n'],
  ])('%s: read again once, to the first place after its end where nothing is left open', (_, markdown, opening, ending) => {
    const { records, texts } = readByRemark(markdown, 40);
    expect(records).toEqual(plugin(markdown));
    const holding = texts.filter((text) => text.includes(opening));
    expect(holding).toHaveLength(2);
    expect((holding[1] as string).endsWith(ending)).toBe(true);
  });

  it('left open to the end of the document: read again once, to the end', () => {
    const markdown = `Intro http://i.example/\n\n<!-- a\n\n${filler}`;
    const { records, texts } = readByRemark(markdown, 40);
    expect(records).toEqual(plugin(markdown));
    expect(texts.filter((text) => text.includes('<!--'))).toHaveLength(2);
  });
});

describe('definitions for a part read before the document’s last one is found', () => {
  // a part that refers to a label not defined before it is read at the end; the definition further on is found before (its part holds an HTML comment: read at once)
  const later = `${'p http://p.example/\n\n'.repeat(3)}[a]: http://second.example/\n<!-- x --> http://c.example/\n`;
  it('a label the part defines itself, defined again further on: the part is read once, without the later definition', () => {
    const markdown = `Intro.\n\nSee [a] http://x.example/\n\n[a]: http://first.example/\n\n${later}`;
    const { records, texts } = readByRemark(markdown, 40);
    expect(records).toEqual(plugin(markdown));
    const holding = texts.filter((text) => text.includes('See [a]'));
    expect(holding).toHaveLength(1);
    expect(holding[0]).not.toContain('second');
  });

  it('a label that only looks defined in the part, on a line right after a paragraph\'s (`Foo⏎[a]: x`: text), defined further on: the part is read once, with the later definition', () => {
    const markdown = `Intro.\n\nSee [a] http://x.example/\nFoo\n[a]: http://first.example/\n\n${later}`;
    const { records, texts } = readByRemark(markdown, 40);
    expect(records).toEqual(plugin(markdown));
    const holding = texts.filter((text) => text.includes('See [a]'));
    expect(holding).toHaveLength(1);
    expect(holding[0]).toContain(']: http://second.example/');
  });

  it('a label that only looks defined in the part (`[a]:` in a code span): read again with the later definition', () => {
    const markdown = `Intro.\n\nSee [a] http://x.example/ \`[a]: no\`\n\n${later}`;
    const { records, texts } = readByRemark(markdown, 40);
    expect(records).toEqual(plugin(markdown));
    const holding = texts.filter((text) => text.includes('See [a]'));
    expect(holding).toHaveLength(2);
    expect(holding[1]).toContain(']: http://second.example/');
  });
});

/**
 * Each unit the unit reader is given as `scanParts` reads `markdown` (the
 * reader as `scanMarkdown` runs it), with the labels it looked up in the
 * rest of the document; and the records.
 */
function unitReadings(markdown: string) {
  const settings = resolveOptions({});
  const quiet = { code: false, html: false, emails: false, schemeless: false, relative: false };
  const readings: { text: string; lookedUp: string[] }[] = [];
  const readAlone: ReadAlone = (text, labels, known, place, endsDocument) => {
    const lookedUp: string[] = [];
    let runsOn: OpenBlock | undefined;
    const lookUp = (label: string) => {
      lookedUp.push(label);
      return known(label);
    };
    const read = readUnitTree(text, labels, lookUp, { points: false, runsOn: (block) => (runsOn = block), endsDocument });
    readings.push({ text, lookedUp });
    if (read === notModelled) return runsOn === undefined ? undefined : { runsOn };
    const found = findUrls(read.tree, text, settings, read.referenceUrl, place);
    return { tree: read.tree, records: found.records, notes: found.notes };
  };
  const parse = (text: string) => {
    throw new Error(`the unit reader reads every unit here, not ${JSON.stringify(text)}`);
  };
  const { records } = scanParts(markdown, { parse, readAlone, scanOptions: () => settings.resolvedScan, onNote: () => undefined, quiet }, defaultPartLimits);
  return { records, readings };
}

describe('units holding `]:`, read before the document is to find its definitions', () => {
  it.each([
    // [what, markdown, how many times each unit holding `]:` is read]
    ['definitions that refer to no label: read once, what was read kept', 'See [a] http://x.example/\n\n[a]: http://a.example/\n[b]: http://b.example/b\n\nText [b].\n\n[c]: http://c.example/\n', [1, 1]],
    ['a unit that looks up a label (`[b]` defined elsewhere): read again with the definitions known', '[b]: http://b.example/b\n\nText [b] and [d]: x http://x.example/\n', [1, 2]],
    ['both, in turn', '[a]: http://a.example/\n\n*a [a*] http://x.example/* [d]:\n\n[b]: http://b.example/\n\nLast [b] and [e]: y\n\n[c]: http://c.example/\n', [1, 2, 1, 2, 1]],
  ])('%s', (_, markdown, times) => {
    const { records, readings } = unitReadings(markdown);
    expect(records).toEqual(plugin(markdown));
    const withMark = [...new Set(readings.map(({ text }) => text))].filter((text) => text.includes(']:'));
    expect(withMark.map((text) => readings.filter((reading) => reading.text === text).length)).toEqual(times);
    // read twice exactly where the first reading looked up a label
    for (const text of withMark) {
      const first = readings.find((reading) => reading.text === text);
      expect(first?.lookedUp.length === 0).toBe(times[withMark.indexOf(text)] === 1);
    }
  });

  it('kept only up to a bound: past it, each unit is read again (memory does not follow a million definitions)', () => {
    const unit = (index: number) => `[d${index}]: http://a.example/${index}\n\n`;
    let markdown = '';
    let count = 0;
    while (markdown.length <= maxKeptCharacters + 1000) markdown += unit(count++);
    markdown += 'see [d0]\n';
    const { records, readings } = unitReadings(markdown);
    expect(records).toEqual(plugin(markdown));
    const times = new Map<string, number>();
    for (const { text } of readings) times.set(text, (times.get(text) ?? 0) + 1);
    let kept = 0;
    const wrong: number[] = [];
    for (let index = 0; index < count; index++) {
      kept += unit(index).length;
      if (times.get(unit(index)) !== (kept <= maxKeptCharacters ? 1 : 2)) wrong.push(index);
    }
    expect(wrong).toEqual([]);
    expect(times.get(unit(count - 1))).toBe(2);
  });
});
