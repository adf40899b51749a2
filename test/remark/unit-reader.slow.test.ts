/**
 * The unit reader against remark: whenever `readUnitTree` gives a tree, it
 * is the tree remark-parse + remark-gfm + remark-frontmatter build for the
 * same unit (types, values, URLs, children, and every node's position).
 * "Not modelled" is always allowed; a wrong tree never is. Checked on every
 * unit of the bundled Markdown files, on a table of constructs, and on
 * generated units.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { absent } from '../../src/adapters/markdown/unit-reader/answers.js';
import { readUnitTree } from '../../src/adapters/markdown/unit-reader/read-unit-tree.js';
import { checked, unitsOf } from './unit-trees.js';

const corpus = new URL('../../corpus/markdown/', import.meta.url);
const bundled = readdirSync(corpus).filter((name) => name.endsWith('.md'));

describe('every unit of the bundled Markdown files', () => {
  it.each(bundled)('corpus/markdown/%s', (name) => {
    for (const unit of unitsOf(readFileSync(new URL(name, corpus), 'utf8'))) checked(unit);
  });
});

// the reader looks at the character after a run or a bracket and before a marker: at the ends of the text there is none
describe('constructs at the very start or end of a unit, each as remark reads it', () => {
  it.each([
    ['a run of * ending the text', 'a **'],
    ['a run of _ ending the text, and one starting it', '_a b _'],
    ['emphasis closed at the end', '*a* **b**'],
    ['tildes ending the text', 'a ~~b~~'],
    ['a backtick run ending the text', 'a ``'],
    ['a ! ending the text', 'see a!'],
    ['a ] ending the text, with a [ and without', 'a [b] c]'],
    ['a backslash ending the text', 'a \\'],
    ['an e-mail literal ending the text, and one cut short', 'a@b.example x@y'],
    ['a protocol cut short at the end', 'see http:'],
    ['a literal ending the text', 'see http://a.example'],
  ])('%s', (_, unit) => {
    expect(checked(unit)).toBeDefined();
  });
});

// rule: markdown-unit-reader
describe('constructs read, each as remark reads it', () => {
  it.each([
    // [what, unit]
    ['a paragraph', 'see http://a.example/ now.\n\n'],
    ['soft line breaks with indentation and trailing spaces', 'one \n   two\nthree   '],
    ['hard breaks: two spaces, a backslash', 'one  \ntwo\\\n  three'],
    ['ATX headings, closing sequence and all', '# one\n## two ##\n###   three #  \n#\n# \\#'],
    ['code spans of different lengths', 'a `b` ``c ` d`` ```e``` `` `f` `` `g\n  h` `unclosed'],
    ['inline links and images', 'a [b](http://a.example/b) ![c](img.png "t") [d](<e>'.slice(0, 44) + ' [e](http://a.example/(p) \'t\')'],
    ['link text with code and emphasis', '[`a` *b* **c**](https://a.example/)'],
    ['emphasis and strong with * and _', '*a* _b_ **c** __d__ ***e*** a*b*c a_b_c *a **b** c* **a *b* c**'],
    ['the rule of 3', '*a**b* ***a**b* a***b***c'],
    ['runs beside an escaped marker (no GFM rule for * and _)', '**\\***word *\\**b* __\\___c'],
    ['a list item interrupting a paragraph, and a text ending at a line ending before a link', '1. a\n   - b\n     [c](d)\n2. e'],
    ['www. and http(s):// literals, with trailing punctuation', 'see www.a.example/x. and https://a.example/p(q)). and http://a.example/?a=*b*c*, (www.b.example)'],
    ['a literal after a link', '[a](b) https://a.example/c'],
    ['escapes', '\\*not\\* \\[x\\] \\\\ \\a http://a.example/\\_'],
    ['a tight list', '- one http://a.example/1\n- two\n- three'],
    ['a loose list with nested items and a lazy line', '1. one\n   - a\n     b\nlazy\n\n2. two\n\n   more'],
    ['e-mail literals, and @ that starts none', 'mail a@b.example, or x.y+z@e-f.example. @user @scope/pkg _e@f.example'],
    ['CRLF line endings, a hard break and a code span across them', '- a  \r\n  b\\\r\n  c `x\r\n  y` https://a.example/\r\n\r\n> d\r\n>\r\n> e'],
    ['autolinks, a < that opens nothing, references', '<http://a.example/a> <b@c.example> 1 < 2 &lt;x&gt; &#42;a&#42; [d](http://a.example/?a&amp;b "t&amp;")'],
    ['thematic breaks and setext headings', '***  \n  - - -\na  \nb \n===  \n\nc\n-\n\n> d\n> ---\n\n- e\n\n  ___'],
    ['fenced code: info, indentation, blank lines, in containers', '```js  x y\nhttp://a.example/\n\n  b\n```  \n\n  ~~~~\n  a\n    b\n c\n~~~\n   ~~~~~\n\n- ```\n  a\n\n     b\n  ```\n\n> ```\n> a\n>\n> b\n> ```\n\n```\n\n```'],
    ['GFM tables: pipes in code, empty cells, rows of other widths, in a block quote', '| a | b |\n| - | :-: |\n| `x|y` | c \\\\| d |\n|e|\n\na | b\n--|--\nc\n\n| a | |\n|-|-|\n| |b|\n|\n\n> | a |\n> |:-|\n> | http://a.example/ |'],
    ['HTML blocks of kinds 1–6, in containers too', '  <div align="center">\n  <img src="http://a.example/i">\n</div>\n\n<!-- a\n\nb -->  c\nd\n\n- <details>\n  <summary>x</summary>\n\n  y\n  </details>\n\n> <p>\n> a\n\n<DIV>\n\n<script>\nx\n</SCRIPT> y\n\n<!x>'],
    ['blocks that interrupt a paragraph', '> a http://a.example/\n> ```\n> b\n> ```\n\nc\n# d\ne\n> f\n\ng\n<div>\n\nh\n***\ni\n- j\nk\n1. l'],
    ['link reference definitions', '[Foo  Bar]: http://a.example/x "t"\n  [b]:   b.md  \n[c]: http://a.example/(c) (t)\n\ntext\n\n> [d]: x\n\n- [e]: y'],
    ['a list of links', '* [a](https://a.example/a) - x\n* [b](https://a.example/b) - y'],
    ['a ] with no [ before it, after an escaped one and after a link', '* \\[[`f333d0be5f`](https://a.example/c/f333d0be5f)] - **deps**: x [#1](https://a.example/p/1)\n* a] b \\[c] d]'],
    ['indented code: blank lines inside and after it (of 4 or more spaces: part of it), in a list item and a block quote', '    a\n      \n  \n    b http://a.example/\n    \n  \n        \n\nc\n\n- d\n\n      e\n      \n\n> f\n>\n>     g\n>     \n'],
    ['after indented code (and blank lines), an ordered list item from other than 1 is a paragraph, as micromark reads it; one from 1 is a list', '    a\n\n3. b http://a.example/\n\n    c\n1. d\n\n    e\n\n- f'],
    ['a tag at column 1 after a list item ending in a fence or code ends the list (astro\'s </Steps>)', '<Steps>\n1. a\n\n   ```sh\n   npm i http://a.example/\n   ```\n</Steps>\n\n- b\n\n      c\n</Tabs>'],
    ['indented code after a heading, a fence and HTML, and an indented line continuing a paragraph', '# a\n    b\n```\nc\n```\n    d\n\n<div>\n\n    e\n\nf\n    g'],
    ['a reference whose label keeps a leftover emphasis marker: one text child, as remark joins it', '- [foo*]: /url\n  \n  *[foo*] [a*b][foo*]'],
    ['a block quote with a lazy line', '> a http://a.example/\nlazy\n> b'],
    ['inline HTML: tags, attributes, comments, instructions, declarations, CDATA', 'a <span class="x" id=y data-z=\'w\' hidden>http://a.example/</span> <br/> <a\nhref="http://a.example/b">c</a> <!-- d --> <!--> <!---> <?php e ?> <!DOCTYPE html> <![CDATA[ f ]]> </x-y >'],
    ['inline HTML spanning lines in containers (the value loses up to 3 spaces of indentation a line)', '> a <b\n>    c="d"> x\n\n- a <!-- x\n     y --> z http://a.example/\n\na <b\n     c> <!--\n      d -->'],
    ['a < that opens no HTML', 'a < b <1> <a b=c"d> <a b="c"d> <a/b> </a b> <!- x -> <? x <!-- x http://a.example/'],
    ['inline HTML in link text, image alt, emphasis and table cells', '[a <b>c</b>](http://a.example/) ![<i>d</i>](e.png) *<em>f</em>* **g<br>**\n\n| <b>a</b> | b |\n| - | - |\n| <a href="http://a.example/t">t</a> | c |'],
    ['HTML blocks of kind 7, which interrupt no paragraph', '<br>\nhttp://a.example/\n\n</custom-tag>  \na\n\n<a b=c=d>\n\n<pre/>\n\na\n<br>\nb\n\n- <img src="http://a.example/i.png">\n  c\n\n> <x-y z>\n> w'],
    ['lines that start with a tag but no HTML block', '<b>a</b> http://a.example/\n\n<a b="c"d>\n\n<a b=c"d>\n\n<div-x>y'],
    ['references to definitions before them: full, collapsed, shortcut, images, in link text', '[a]: http://a.example/a\n[Foo  Bar]: http://a.example/f\n[a]: http://a.example/loses\n\nsee [a], [x][a], [a][], [foo bar], ![i *j*][a], [*b*][FOO BAR], [a][nope] [c [a]](d) [e][]x [[a]] http://a.example/\n\n- [a] | [a][a]\n\n| [a] | b |\n| - | - |'],
    ['brackets that match no definition are text', 'see [en-AU] locale ([#1](http://a.example/1)) [a][b] [c][] ![d] [g] h [i [j](k)] [^1] [l\nm] http://a.example/'],
    ['brackets left open, and literals after them', '[a [b](c) d ![e\n\n[f] http://a.example/f'],
    ['GFM task list items, checked and not, first paragraph only', '- [ ] http://a.example/\n- [x] *a* b\n- [X] `c` d\n\n  [ ] e\n- [x]f\n- > [ ] g\n\n1. [ ] h\n   i'],
    ['inline links with line endings around the destination and title', 'see [a](\nhttps://a.example/x).\n\n- Get [T](\n  https://v.example/t "t"\n  ) now\n\n> [b](\n> c\n> "t"\n> ) d'],
    ['addresses remark-gfm refuses (a domain ending in a digit, - or _) are text', 'update to remark-lint-preset-node\\@1.2.0 (R), npm i foo@1.2.3, a x@1.2.0 b and y@z.c1_ http://a.example/ a\\@b.c1@d.example'],
    ['a block that interrupts the list’s last paragraph ends the list', '* a http://a.example/\n### B\n* c\n\n- d\n  e\n# f\n\n1. g\n> h\n\n- i\n```\nx\n```\n\n- j\n***\n\n- k\n<div>\nl\n\n- o\n  - p\n  # q'],
    ['GFM strikethrough: runs of one or two tildes that pair by size, nested, across links, in link text, escaped, in tables and list items; longer runs are text', '~~http://a.example/~~ a ~b~ c ~~d ~e~ f~~ ~a ~~b~ c~~ a~~b~~c x ~~a.~~ U\n\n[~~a~~](http://a.example/) ~~b [c~~](d) e~~ ![~~i~~](j) a \\~~ b ~ \\~~c~~\n\nx ~~~a~~~ ~~~~b~~~~ ~~ c~~ ~~d ~~\n\n- ~~a~~ http://a.example/\n\n| ~~a~~ | ~b~ |\n| - | - |\n| ~~c http://a.example/c~~ | d |'],
    ['tildes that pair with no other run of their size are text', 'about ~40 languages and ~~ x ~~~ y ~~~ z\n\n{{foo~}} http://a.example/\n\n| a ~ | b ~ |\n|-|-|\n| ~c | d |'],
    ['lines opening with a marker that start no block go on with the paragraph', '**Type:** `boolean`<br />\n**Default:** `false` http://a.example/\n#tag\n=x\n-flag --x\n+1\n__init__ *y*\n\n- a\n  **b** c\n\n> d\n> *e* f\n\ng\n2020 was\n#######\n\nh\n- - -\ni\n* j'],
    ['a tag at column 1 right after a list item\'s paragraph (astro\'s </Steps>): an HTML block in the innermost container, which ends with it', '1. a\n\n    [b](http://a.example/)\n</Steps>\n\nc\n\n- a\n</Steps>\n\n  b\n- c\n\n- d *e* `f`  \n<Tabs x="y">\n\n- > g\n</Steps>\n\n- h\n</Steps> http://a.example/h\n\n- x\n  - y\n    - z http://a.example/z\n</Steps>\n'],
    ['lazy lines opening with a marker that start no block, in lists and block quotes', '- a\n**b** http://a.example/\n\n- c\n  - d\n#tag\n\n> e\n**f**\n-flag'],
    ['a table ended by any block but a paragraph; a line starting none is a row', '| a |\n|---|\n# b\n\n| a |\n|-|\n| c |\n<!-- x -->\n\n| a |\n|-|\n<x-y>\n\n| a |\n|-|\n    code\n\n| a |\n|-|\n2. d\n\n| a |\n|-|\n> q\n\n| a |\n|-|\n***\n\n| a |\n|-|\n```\nx\n```\n\n| a |\n|-|\na: x\n=\n#tag http://a.example/\n\n| a |\n|-|\n  # h'],
    ['emphasis and strikethrough in one block, resolved in the order micromark met them, emphasis then strikethrough inside a group or link text', '*a ~b* c~ http://a.example/\n\n~a *b~ c*\n\n~~a *b~~ c* d\n\n**a ~b~** ~c~ *d* ~e *f~ g*\n\n_a ~b_ c~ d\n\n[*a ~b*](https://a.example/) ~c *d~ e*\n\n~a [*b~ c*](u) *~d~* ~*e*~ ~f*~g*\n\n- x ~a **b~ c** d~\n\n> *a* ~~b~~ *c ~~d* e~~\n\n| *a ~b* c~ | ~a *b~ c* |\n| - | - |\n| ~c *d~ e* | *f ~g* h~ |\n\n# *a ~b* c~\n\n`~` ~a *b~ c* https://a.example/~d'],
    ['a `(` after brackets that surely opens no resource (a word, a space, then no title), the label defined nowhere: the brackets are text', '-   Fixed [#1534](Fixes https://a.example/issues/1534): @computed\n\n[a](b c) ![d](e f) [*g*]( h  i *j*) [[k](l m)](https://a.example/n) [o](p\\) q) [r](s&amp; t) [u](v\nw) x\n\n- closes [(#1831](https://a.example/(/issues/1831)\n- [y](z'],
    ['a line without `>` that starts a block interrupting a paragraph ends the block quote (a fence after a quoted note), whatever the quote ends with', '> Note:\n> see [x](https://a.example/).\n```js\nf("http://a.example/c")\n```\n\n> a\n# b http://a.example/\n\n> a\n---\n\n> a\n- b\n\n> - a\n1. b\n\n> | a |\n> |-|\n> | b |\n***\n\n- > a\n  # b\n\n> - > a\n>   # b\n\n- > a\n  b\n  # c\n\n>     code\n<div>\nd\n</div>'],
    ['a definition whose label is alone on its line, its destination (and title) on the next, in containers too', '[Fastify]:\n    #fastify-opts\n[Raw]: #raw\n[a]:  \n  http://a.example/a "t"\n[b]:\n#b\ntext\n\nsee [Fastify], [raw], [a] and [b]\n\n> [c]:\n> http://a.example/c\n\n- [d]:\n  /d\n\n  [c] [d]'],
    ['tabs as list indentation: a tab partly taken by the item leaves its other columns (tab stops of 4)', '- a\n\t- b http://a.example/\n\t\t- c\n\t- d\n- e\n\n* a\n\t* b\n\t\t* c\n\n  - a\n\t- b\n\n   - a\n\t   - b'],
    ['tabs in fenced code in list items: kept, or spaces where a tab is partly taken', '1. a\n\n    ```js\n    x\n    \t<y>\n    \t\t<z>\n    ```\n\n2. b\n\n\t```html\n    c\n\t```\n\n  ```\n\tx\n  \ty\n```'],
    ['tabs in indented code, its blank lines too, at the top and in a list item', '\tcode\n\t\tmore\n  \tx\n\n\t\t\n\tend\n\n- a\n\n\t\tcode\n\t\t  x\n\t\n\t\t\t\n\n- b\n\n  \t\tc'],
    ['tabs before HTML blocks and block quotes in list items, and before lazy and continuation lines', '<div>\n\t<p>\n\t\thttp://a.example/\n</div>\n\n- a\n\t\t<div>\n\t\t\ty\n\t\t</div>\n\n- a\n\t> b\n\t> c\n\n> a\n\tlazy\n\na\n\tb\n  \tc *d\n\te* f  \n\tg\\\n\th'],
    ['a tab before a table\'s rows, a heading, a thematic break and a definition in a list item', '| x | y |\n| - | - |\n\t| 1 | 2 |\n\n- a\n\t---\n- b\n\t# h\n- c\n\n\t[x]: http://a.example/\n\n\t[x]'],
    ['a line right after a paragraph or a definition, or after indented code, opens its containers interrupting: no list item from other than 1 first in them (a paragraph)', 'a\n- 3. b\n\nc\n> 3. d\n> e\n\n[a]: http://a.example/\n- 3. f\n\n- a\n  - 3. b\n  > 2. c\n\n    code\n\n- > 3. g\n* 3) h\n\n- a\n\n      code\n\n  - 3. b http://a.example/'],
    ['a line that leaves the container of indented code before it opens its containers as any other: list items from other than 1', '1. a\n\n       code\n\n2. b\n\n- a\n\n      code\n\n- 2. b\n\n> - a\n>\n>       code\n>\n> 2. b\n\n- a\n\n      code\n\n3. b http://a.example/\n\n1. a\n\n       code\n\n  3. b\n\n- a\n\n      code\n  3. b'],
    ['a list in a block quote, then blank quote lines, then a line opening a container: the list ends where that line\'s content starts', '> - a\n>\n> 2. b\n\n> - a\n>\n>  > b\n\n> 1. a\n>\n>\n> * b\n\n- > - a\n  >\n  > 2. b http://a.example/\n\n> - a\n>\n> b\n\n> - a\n>\n> * * *'],
    ['fenced code in a container ended by a line that continues it not (a lazy line, a blank line, a block): the code ends with the line before, less one line ending', '> ```\n> a http://a.example/\nfoo\n\n> ```\n> a\n>\n\nb\n\n- ```\n  a\n\n\nb\n\n- a\n  ```\n  b\n\n  c\n\nd\n\n- > ```\n  > a\n  foo\n\n> > ```\n> > a\n> b\n\n- ```\n  a\n</Steps>\n\n- ```\n  a\n# h'],
    ['a lazy line after a heading, a thematic break or fenced code in a block quote: the quote ends before it', '> # a\nfoo http://a.example/\n\n> ***\nfoo\n\n> ```\n> a\n> ```\nfoo\n\n- > # b\n  c'],
    ['an ordered list item from other than 1 (`01.`, `10.` too) interrupts no paragraph: it goes on with it, in containers too', 'a\n2020. was http://a.example/\n\nb\n01. c\n\nd\n10. e\n\n- a\n  7. b\n\n> a\n> 7. b\n\n<Steps>\n\n    code\n\n6. f\n7. g\n\nh\n1) i'],
    ['a tag right after the paragraph of a list item in a list item (astro\'s <FileTree>): an HTML block in the innermost item, less the prefixes of the items the line continues', '- x\n  - y\n  </Steps>\n\n2. Add `c`:\n    <FileTree>\n      - public http://a.example/\n        - admin\n          - config.yml\n    </FileTree>\n\n3. x\n\n1. a\n   - b\n     - c\n </X>\n\nd\n\n- a\n  - b\n  </X>\n\n  c\n'],
    ['a list in a block quote, then a quoted line opening another list: the list ends where that line\'s content starts', '> - f\n> 7. x http://a.example/\n\n> 1. a\n> - b'],
    ['lists in block quotes, blank quote lines after them', '> - a\n>\n> b\n\n> 1. a\n>\n>    - b\n>\n> c\n\n- > a\n  >\n  b\n\n> - a\n>'],
    ['a block quote in a block quote, a lazy line, then a line of only `>` ending the unit: the inner quote ends at the unit\'s end too', '> > c http://a.example/\nb\n>'],
    ['a block quote in a block quote closed by a line of only `>` at the unit\'s end: every quote and list it closes ends there, a list item with its last block', '> > c\n>'],
    ['the same, quotes and a list nested deeper', '> > > c\n>'],
    ['the same, a list in the inner quote', '> > - a http://a.example/\n>'],
    ['the same, a list item taking the spaces after the `>`', '> - > c\n>   '],
    ['a line of `>` and more spaces than the list item takes at the unit\'s end: the quotes end with their last line', '> > c\n>  \n\n> - > c\n>    '],
    ['a blank line of only `>` before the end: the inner quote ends with its last line', '> > c\n>\n>'],
    ['a block quote in a block quote, a blank line of the inner one, then a quoted line opening a list: the inner quote ends where that line\'s content starts', '> > a http://a.example/\n> >\n> - x\n\n> > > a\n> >\n> - x\n\n> > a\n> >\n>  - x\n\na\n> > a\n>[r]\n> > \n> 7. x'],
    ['tabs after a line\'s first character: in text, code spans, link text and titles, table cells, headings, a fence\'s info and code, HTML, indented code', 'a\tb http://a.example/\t*c*\t`d\te` [f\tg](h "t\ti")\tj\n\n| a\t| b |\n| - | - |\n| `c\td`\t| e\tf |\n\n# a\tb\t#\n\n## z\t##  \n\n```js\tmeta\na\tb\n```\n\n<div\tclass="a">\n\n    code\tc'],
    ['a tab between a list marker and its content: the content starts at the next tab stop', '-\ta\n\tb http://a.example/\n\n    -\t`required` c\n    -\td\n\n1.\tc\n   d\n\n> -\td\n\n- -\te\n\n-\t-\t-\n\n10.\tf\n\n  -\tg\n\t  h\n\n- a\n- \tb\n\n*\tc\n\n+\td\n\n1)\te\n2)\tf'],
    ['a backtick run left open before line endings in containers: a text or a break ending with one of those line endings ends where the next line\'s content starts (micromark\'s attempt at a code span read across them)', '- ``\n  [d](http://a.example/)\n\n- a `b\n  *c*\n\n> a `b\n> <br>\n\n> a `b\n>    *c*\n\n> a `b  \n> c\n\n> a `b\\\n> c\n\n> a ``b\n> c `b\n> *d*\n\n> THIS ``AS IS\'\' AND\n> INCLUDING *b* `c` http://a.example/\n\na `b\n   *c*'],
    ['a tag right after a list item\'s paragraph, then another that continues no container (astro\'s `<Since />` then `</p>`): the first is an HTML block in the item, the list ends, the second starts an HTML block after it', '* <code>a</code> http://a.example/\n* <code>b</code>\n<Since v="2.5.0" />\n</p>\n\n- a\n<Tabs>\n</X>\nc\n\n- a\n  - b\n<T>\n<!-- x -->\n\n1. a\n<T>\n </p>'],
    ['a tag right after a list item\'s paragraph, then a line that continues the containers around the list but not its item: the list ends with the tag, the line is read after it', '- a\n</Steps>\nb http://a.example/\n\n- a\n</Steps>\n# b\n\n4. a\n    - b\n    </X>\n    ```\n    x\n    ```\n\n- a\n  - b\n  </X>\n  c\n\n- a\n</S>\n> q'],
    ['fenced code left open in a list item, ended by the next item: the code ends after the line ending before that item (its value keeps the line ending of its last line), the item where the next one\'s content starts', '- ```\n  a http://a.example/\n- b\n\n1. x\n   ```\n   a\n\n   b\n\n2. b\n\n- ```\n- b\n\n- ```\n  a\n  \n- b'],
    ['a table\'s header and delimiter rows right after a paragraph\'s line interrupt the paragraph', 'Axios errors use this structure:\n| Property | Definition |\n| -------- | ---------- |\n| message | http://a.example/ |\n\na\nb | c\n-:|-\n\n> a\n> | b |\n> | - |\n\na\nb\n| b |\n|-|\nc\n\n- a\n  | b |\n  |-|\n\n:::tip\na [b](http://a.example/)\n:::'],
    ['tabs after a fence\'s marker run alone on its line (closing the code, or opening it without an info string)', '```astro\n<a href="http://a.example/">x</a>\n```\t\n\n```\t\nx\n```\n\n- ```\n  x\n  ```\t\n\n~~~\t\n```\t\n~~~'],
    ['an empty item after the first of a list, then the next item, blank lines or the list\'s end: an item with no children, to its line\'s end', '- Check http://a.example/\n-\n- Call\n\n- a\n-  \n- b\n\n- a\n-\n\n- b\n\n1. a\n2.\n3. b\n\n- a\n-\n-\n- b\n\n> - a\n> -\n> - b\n\n- a\n-\n\n> - a\n>\n> -\n\n- a\n-\n\nb\n\n- ```\n  a\n-  \n- b\n\n1.\t~~~word\n1. \n  \nword'],
    ['a line of three backticks or more with a backtick after them opens no fence: a paragraph\'s (a code span, or text), interrupting none, in containers too', '``` ```\naaa http://a.example/\n\na\n``` `\nb\n\n> ``` x`\n> c\n\n- ```a`` b\n  ````\n\n~~~ `\nx\n~~~'],
    ['a definition\'s title on the line after its destination, closed there, spaces after it: the definition\'s, to that line; in containers, after a label alone on its line, before a line that looks like a setext underline', '[foo]: /foo-url "foo"\n[bar]: http://a.example/bar\n  "bar"  \n[baz]: /baz-url\n\nsee [bar] [baz]\n\n   [q]: \n      /url  \n           \'the title\'  \n\n> [a]: b\n> (t)\n> c\n\n- [d]:\n  http://a.example/d\n      \'e &amp; \\\'f\'\n\n[g]: h\n"i"\n===\n\n[j]: k\n"l"\n\n[j]'],
    ['a line opening with digits and a `.` or `)` with no space after them (`5.0.0 of`, `3.x`, `2)b`) opens no list item: it goes on with the paragraph, in containers and lazily too', 'npm\n5.0.0 of the npm client http://a.example/\n\n- a\n  3.x b\n\n> c\n2)d\n\ne\n1.5.2 f\n1) g'],
    ['a delimiter row that opens a list item is a list item (micromark opens containers first): no table', 'a | b\n- | -\nc\n\nword|\n-  |  \nword http://a.example/\n\n> a|\n> - |'],
  ])('%s', (_, unit) => {
    expect(checked(unit)).toBeDefined();
  });

  it.each([
    // [what, unit]: every label the unit may define is known to be defined nowhere else
    ['a line that surely holds no definition (a destination, a space, then no title) is a paragraph\'s, its brackets text', '- [Plantilla de Astro `@a/b`]: Esta plantilla [la](http://a.example/) x.\n\n[a]: b c\n[d]: e\n\n> [a]: b c\nd\n\n[a]: b c\n===\n\n[a]:\tb  c'],
  ])('%s', (_, unit) => {
    expect(checked(unit, () => absent)).toBeDefined();
  });

  it.each([
    // [what, unit]: read by remark
    ['a tag at column 1 after a list item in a block quote', '> 1. a\n> </Steps>'],
    ['a lazy tag after a block quote\'s paragraph', '> a\n</Steps>'],
    ['a lazy tag at the very end (micromark places it after the list)', '- a\n</Steps>'],
    ['an empty list item after a table', '| a |\n|-|\n-'],
    ['a line after a lazy tag, continuing the item (the HTML block runs on)', '- word\n</Steps>\n  word'],
    ['an indented line after a definition (text, as micromark reads content)', '[a]: b\n    c'],
    ['a reference link to a definition', 'see [a] and [b][c]\n\n[a]: http://a.example/a\n\n[c]: http://a.example/c'],
    ['a label that may be defined, compared as CommonMark compares labels', 'see [Foo\n  BAR] http://a.example/\n\n[foo bar]: x'],
    ['a label with an escape', 'see [a\\]] x'],
    ['a full reference whose second label may be defined', 'see [a][B] x\n\n[b]: y'],
    ['a task list check with two spaces after it', '- [ ]  a'],
    ['a list in a block quote ended by a block (micromark ends the list after the next marker)', '> - word\n> > word'],
    ['a footnote definition', '[^a]: http://a.example/'],
    ['a definition whose title on the next line runs on across lines', '[a]: http://a.example/\n"t\nu"'],
    ['a definition whose title on the next line has text after it (micromark: no title, a paragraph)', '[a]: http://a.example/\n"t" ok'],
    ['a label alone on its line, then a line that may be a setext underline or a list item', '[a]:\n-\n\n[b]:\n2. c'],
    ['a definition with an escape in its label', '[a\\]]: http://a.example/'],
    ['a lazy line that may open an HTML block of kind 7', '> a\n<br>'],
    ['a tag that fails after a line ending (micromark ends the text before the next node elsewhere)', '- a <a b\n  <b@c.example>'],
    ['a setext heading right after a definition (it starts where the definition does)', '[s]: t "u"\nword\n==='],
    ['a setext underline of dashes after a definition, after an HTML block (found by the generator)', '</p>\n\n[s]: t "u"\nword\n---  \nword'],
    ['an HTML comment left open', '<!-- a\n\nhttp://a.example/'],
    ['a numeric reference micromark decodes as U+FFFD', 'a&#1;b http://a.example/'],
    ['an e-mail literal remark-gfm finds in a bracket that is no link', '[mail a@b.example]'],
    ['a lone carriage return', 'a\rb http://a.example/'],
    ['an e-mail literal inside _…_ (remark-gfm finds it later, without a position)', '_c@d.example_'],
    ['emphasis beside strikethrough where a `~` comes before the first `*` run yet starts none (in a code span: taken as possibly met first)', '`~` *a ~b* c~'],
    ['strikethrough beside emphasis where an escaped `*` comes before the first tilde run', '\\*a ~b *c~ d*'],
    ['a table with an escaped pipe', '| a |\n| - |\n| b \\| c |'],
    ['indented code on the line right after a block quote (a lazy line: micromark starts its reading of blocks again there)', '> # h\n       code\n      b http://a.example/'],
    ['a line opening a container after a paragraph that started right after a list', '> - # h\n>\n      word\n- > 7. x'],
    ['a list in a block quote ending in a nested list, then a quoted line opening another list', '> - - f\n> 3. c'],
    ['a fence left open', '```\nhttp://a.example/'],
    ['a fence in a block quote left open at the unit\'s end', '> ```\n> http://a.example/'],
    ['a fence in a block quote ended by a list item', '> ```\n> a\n- b'],
    ['a lazy line after a definition in a block quote (it goes on with the definition\'s content)', '> [a]: b\nfoo'],
    ['a lazy line after fenced code in a list item', '- a\n  - ```\n    b\n  c'],
    ['front matter left open (remark-frontmatter reads what follows otherwise)', '---\n  a\n\n> b http://a.example/'],
    ['a tab after a block quote\'s marker', '>\ta http://a.example/'],
    ['a tab after a heading\'s `#`', '#\ta'],
    ['a tab in a table\'s delimiter row', '| a |\n|-\t|'],
    ['a tab after a task list check', '- [ ]\ta'],
    ['a tab after a list marker, more than 4 columns to the content (indented code in the item)', '-\t\t a'],
    ['a tab at the end of a line', 'a\t'],
    ['an empty item followed by a line it may hold', '- a\n-\n  b'],
    ['an empty item followed by a line of text', '- a\n-\nb'],
    ['an empty item, a blank line, then a line indented as its content would be', '- a\n-\n\n  b'],
    ['a fence\'s marker run and a tab indented as code in a paragraph (text with trailing whitespace)', 'word\n    ~~~\t  \nword'],
    ['a fence in a list item in a block quote ended by the next item', '> - ```\n>   a\n> - b'],
    ['a fence in a block quote in a list item ended by the next item', '- > ```\n  > a\n- b'],
    ['a fence in a nested list item ended by an item of the outer list', '- a\n  - ```\n    b\n- c'],
    ['a second lazy tag after one in a block quote', '> - a\n> <T>\n> </p>'],
    ['indented code after a list whose item\'s content is indented more, blank lines between (micromark splits the code at blank lines)', '-    a\n\n    b\n\n    c\n\n-\t |\n\n\tword\n\n\t```'],
    ['a backtick run left open before a line whose indentation holds a tab', '- a `b\n\t*c*'],
    ['a tab then spaces at the end of a line', 'a\t  \nb'],
    ['a code span running onto a line whose indentation holds a tab (micromark keeps it in the code)', '3. a `b\n\t\tc`'],
    ['inline HTML running onto such a line', 'a <x\n\ty>'],
    ['a link title running onto such a line', '- a [b](c \'d\n\t\te\')'],
    ['a literal in a bracket that is no link', '[see http://a.example/]'],
    ['many emphasis runs', '*a '.repeat(200)],
    ['an address remark-gfm finds in text joined around an unmatched underscore', '[n@e.example1_word'],
    ['a label after a bracket that runs across a line ending', '[s]: t\n\n> [^1][word\n> [S][]word'],
    ['a paragraph\'s line, then a delimiter row of another width', 'a\n| b |\n| - | - |'],
    ['an empty bullet after a paragraph', 'a\n*\nb'],
    ['an ordered item from other than 1 on a lazy line after a paragraph', '> a\n2020. was'],
    ['an ordered item from other than 1 right after a definition (micromark: text of the definition\'s content)', '[r]: http://a.example/r\n2) word'],
    ['the same in a block quote', '> [r]: http://a.example/r\n> 3. word'],
    ['a bullet that starts with indented code, after a paragraph', 'a\n-      b'],
    ['a block quote in a block quote, then a line that continues only the outer one and starts a list (micromark ends the inner one after the marker)', '> > word\n> - word'],
    ['a failed resource after a label the unit defines (micromark: a shortcut reference)', '[a](b c)\n\n[a]: http://a.example/'],
    ['a failed resource that may open a title', '[a](b "c) x'],
    ['a definition\'s destination, then a title and more', '[a]: b "c" d'],
    ['a failed resource read across a line ending, the next line after a container\'s prefix (micromark places the text before the next node after that prefix)', '>\n> ][](word\n><br>'],
    ['the same in a list item, the next line holding a literal', '- > [x](\n  www.a.example/x\nword'],
    ['the same after indentation', '[u](v\n  <br>) x'],
    ['a `[` right before the line ending opening a list item (the task list check reads across it)', '- [\n  <br>'],
  ])('not modelled: %s', (_, unit) => {
    expect(checked(unit)).toBeUndefined();
  });

  it('reads hostile units in one pass (no timing: a quadratic step would not end in the test time)', () => {
    const hostile = [
      '*'.repeat(100_000),
      '['.repeat(100_000),
      '`'.repeat(50_000) + 'a' + '``'.repeat(20_000),
      'www.' + 'a.'.repeat(50_000),
      '_a '.repeat(50_000),
      // trailing punctuation read once however long its run
      'see http://a.example/' + '!'.repeat(100_000) + 'x',
      'www.a.example/' + '.,'.repeat(50_000) + 'y',
      // unmatched backtick runs of many lengths, a line ending after them
      Array.from({ length: 2000 }, (_, index) => '`'.repeat(index + 1)).join(' ') + '\nend',
      // lines that look a little like definitions, CRLF lines
      '[x\n'.repeat(30_000),
      'a\r\n'.repeat(50_000),
      '- a\n'.repeat(50_000),
      '> '.repeat(20_000) + 'deep',
      // inline HTML that never closes, attempts that read far
      '<'.repeat(100_000),
      '<!--'.repeat(25_000),
      '<?'.repeat(50_000),
      '<a b="'.repeat(20_000),
      "<a b='\"".repeat(20_000),
      '<a b=c d=e '.repeat(10_000),
      '<a\n'.repeat(30_000),
      // references, brackets that are none, tildes
      '[a]: x\n\n' + '[a]'.repeat(50_000),
      '[a]: x\n\n' + '[a]['.repeat(30_000),
      '[a]: x\n\n' + '[b][a] ['.repeat(20_000),
      '[' + 'x'.repeat(100_000) + '][a]',
      '~'.repeat(100_000),
      '~ '.repeat(50_000),
      '- [ ] '.repeat(20_000),
      // tabs: a long indentation, many indented lines, tabs after text on one line
      '- a\n' + '\t'.repeat(100_000) + 'b',
      '- a\n' + '\t- b\n'.repeat(30_000),
      '    a\n' + '\t\t \t'.repeat(30_000) + 'x\t'.repeat(30_000),
    ];
    // read by the unit reader alone: remark itself is superlinear on some of them
    for (const unit of hostile) readUnitTree(unit);
    // and what it reads of them is remark's tree (small versions, remark being slow on big ones)
    for (const unit of hostile) checked(unit.slice(0, 2000));
  });
});

/** Pieces of phrasing content. */
const inline = fc.constantFrom(
  'word',
  ' ',
  ' ',
  'a',
  '*',
  '**',
  '_',
  '__',
  '***',
  '`',
  '``',
  '\\',
  '\\*',
  '\\`',
  '(',
  ')',
  '.',
  ',',
  '!',
  '?',
  ':',
  '"',
  "'",
  '[a](http://a.example/x "t")',
  '[b](\nhttp://a.example/y\n"t"\n)',
  '[*b* `c`](https://a.example/(y))',
  '![i](img.png)',
  '[',
  ']',
  '](',
  'https://a.example/p',
  'http://a.example/q_r.',
  'www.a.example',
  'Www.b.example/x)',
  'https://a.example/?job=*e2e*',
  'a@b.example',
  'x_y.z@c.example.',
  '@user',
  'mailto:m@d.example',
  'n@e.example1',
  'x@1.2.0',
  '\\@b.c1',
  'v\\@1.0.0-beta',
  '<http://a.example/a>',
  '<b@c.example>',
  '<x:y',
  '< ',
  '<span>',
  '</span>',
  '<a href="http://a.example/h">',
  "<img src='i.png' alt=x/>",
  '<!-- c -->',
  '<!--',
  '-->',
  '<?p ?>',
  '<!D x>',
  '<![CDATA[x]]>',
  '<a\nb="c">',
  '<a b="',
  '"',
  '<br>',
  '[r]',
  '[S][]',
  '[t][r]',
  '[x]',
  '[^1]',
  '][',
  '[ ] ',
  '~',
  '~~',
  '~~~',
  '[x] ',
  '&amp;',
  '&#42;',
  '&copy',
  '[d](http://a.example/?a&amp;b)',
  '[r]: http://a.example/r',
  '\n[s]: t "u"\n',
  '|',
  ' | ',
  '\n|-|-|\n',
  '\n| - | :-: |\n',
  '\n---|\n',
  'é',
  '。',
  '  \n',
  '\n',
  '\n  ',
  ' \n',
  '\\\n',
  '\t',
  'a\tb',
  ' \t',
  '`\t`',
);
const phrasing = fc.array(inline, { minLength: 1, maxLength: 14 }).map((pieces) => pieces.join(''));
const blockStart = fc.constantFrom('', '<br>\n', '<x-y a="b">', '</span>\n', '<a b=c=d>\n', '<div>', '<div>\n', '</p>\n', '<!-- ', '-->', '<pre>\n', '<br>\n', '- <p>\n', '```\n', '```js\n', '~~~~ x\n', '  ```\n', '- ```\n', '> ```\n', '\n```', '\n> ```', '***', '---', '===\n', '- - -\n', '  ---', '<http://a.example/s> ', '<', '<b@c.example>', '', '# ', '## ', '- ', '* ', '1. ', '2) ', '  - ', '   ', '    ', '\n', '\n  ', '\n- ', '\n1. ', '\n    - ', '> ', '>', '> - ', '> > ', '>\n', '>\n> ', '- > ', '  > ', '\n> ', '#a', '=a', '-a', '+a', '**', '__', '-|', '-:', '*\n', '-     ', '</Steps>\n', '\n</Tabs>', '  </X>\n', '\n\t', '\n\t- ', '\n\t\t', '\n  \t', '\n\t\t- ', '- a\n\t- ', '\n\t```\n', '\t', '-\t', '1.\t', '*\t', '>\t', '\n-\t', '\n  -\t', '> -\t', '-\t-\t', '``` `', '\n```` ``');
const units = fc
  .array(fc.tuple(blockStart, phrasing), { minLength: 1, maxLength: 6 })
  .map((lines) => lines.map(([start, text]) => start + text).join('\n'))
  .filter((unit) => !/^\s/.test(unit));
/** The same with CRLF line endings, half of the time. */
const anyEndings = fc.tuple(units, fc.boolean()).map(([unit, crlf]) => (crlf ? unit.replace(/\n/g, '\r\n') : unit));

describe('generated units', () => {
  it('a tree, when given, is remark’s', () => {
    let read = 0;
    fc.assert(
      fc.property(anyEndings, (unit) => {
        if (checked(unit) !== undefined) read++;
      }),
      { numRuns: 6000 },
    );
    // the generator reaches what the reader models
    expect(read).toBeGreaterThan(200);
  });
});
