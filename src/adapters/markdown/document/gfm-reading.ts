/**
 * GFM for reading only: what remark-gfm adds to remark-parse (micromark's
 * GFM syntax and the mdast it builds), without the half that writes
 * Markdown back (`mdast-util-to-markdown`, which remark-gfm loads with its
 * table and task list utilities and `scanMarkdown` never uses).
 *
 * Autolink literals, footnotes and strikethrough come from their
 * utilities' from-Markdown halves (which load nothing more); tables and
 * task list items are built here, as mdast-util-gfm-table and
 * mdast-util-gfm-task-list-item build them (the differential tests hold
 * `scanMarkdown`, which reads with this, to the plugin after remark-gfm):
 *
 * - a table gets the alignment micromark found for each column (`none`
 *   as `null`), rows and cells; in a table, `\|` in a code span is `|`;
 * - a task list item's check (`[x]`, `[ ]`) sets `checked` on the item,
 *   and its first paragraph's text loses the space after the check (the
 *   text goes when nothing else is left; else it and the paragraph start
 *   one column later).
 */
import type { InlineCode, ListItem, Paragraph, Table } from 'mdast';
import type { CompileContext, Extension as FromMarkdownExtension, Token } from 'mdast-util-from-markdown';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfm } from 'micromark-extension-gfm';
import type { Extension as MicromarkExtension } from 'micromark-util-types';
import type { Processor } from 'unified';

/** `\|` in a code span of a table: the pipe alone (other escapes stay as written). */
const escapedPipe = /\\([\\|])/g;

/** The plugin: GFM syntax and trees, nothing to write Markdown with. */
export function gfmReading(this: Processor): undefined {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfmSyntax());
  (data.fromMarkdownExtensions ??= []).push(gfmTrees());
}

/** micromark's GFM syntax, as {@link gfmReading} gives it to remark-parse. */
export function gfmSyntax(): MicromarkExtension {
  return gfm();
}

/** The mdast GFM builds, as {@link gfmReading} gives them to remark-parse. */
export function gfmTrees(): FromMarkdownExtension[] {
  return [gfmAutolinkLiteralFromMarkdown(), gfmFootnoteFromMarkdown(), gfmStrikethroughFromMarkdown(), tableFromMarkdown, taskListItemFromMarkdown];
}

/** What a reading keeps while it reads a table (its code spans unescape `\|`). */
interface TableData {
  urlsiftTables?: number;
}

function tableData(context: CompileContext): TableData {
  return context.data as TableData;
}

const tableFromMarkdown: FromMarkdownExtension = {
  enter: {
    table(token) {
      const align = (token as Token & { _align?: Array<'left' | 'right' | 'center' | 'none'> })._align ?? [];
      const table: Table = { type: 'table', align: align.map((value) => (value === 'none' ? null : value)), children: [] };
      this.enter(table, token);
      tableData(this).urlsiftTables = (tableData(this).urlsiftTables ?? 0) + 1;
    },
    tableRow(token) {
      this.enter({ type: 'tableRow', children: [] }, token);
    },
    tableHeader(token) {
      this.enter({ type: 'tableCell', children: [] }, token);
    },
    tableData(token) {
      this.enter({ type: 'tableCell', children: [] }, token);
    },
  },
  exit: {
    table(token) {
      this.exit(token);
      tableData(this).urlsiftTables = (tableData(this).urlsiftTables ?? 1) - 1;
    },
    tableRow(token) {
      this.exit(token);
    },
    tableHeader(token) {
      this.exit(token);
    },
    tableData(token) {
      this.exit(token);
    },
    codeText(token) {
      const value = this.resume();
      const node = this.stack[this.stack.length - 1] as InlineCode;
      node.value = (tableData(this).urlsiftTables ?? 0) > 0 ? value.replace(escapedPipe, (escape, character: string) => (character === '|' ? character : escape)) : value;
      this.exit(token);
    },
  },
};

const taskListItemFromMarkdown: FromMarkdownExtension = {
  exit: {
    taskListCheckValueChecked(token) {
      setChecked(this, token, true);
    },
    taskListCheckValueUnchecked(token) {
      setChecked(this, token, false);
    },
    paragraph(token) {
      dropSpaceAfterCheck(this);
      this.exit(token);
    },
  },
};

/** The check's value on its list item (two nodes up the stack: the check is read inside the item's first paragraph). */
function setChecked(context: CompileContext, _token: Token, checked: boolean): void {
  const item = context.stack[context.stack.length - 2] as ListItem;
  item.checked = checked;
}

/** The first paragraph of a checked or unchecked item: its first text without the space after the check. */
function dropSpaceAfterCheck(context: CompileContext): void {
  const paragraph = context.stack[context.stack.length - 1] as Paragraph;
  const item = context.stack[context.stack.length - 2];
  if (item?.type !== 'listItem' || typeof item.checked !== 'boolean') return;
  const head = paragraph.children[0];
  if (head?.type !== 'text') return;
  if (item.children.find((child) => child.type === 'paragraph') !== paragraph) return;
  head.value = head.value.slice(1);
  if (head.value.length === 0) {
    paragraph.children.shift();
    return;
  }
  const start = head.position?.start;
  if (start === undefined || typeof start.offset !== 'number' || paragraph.position === undefined) return;
  start.column++;
  start.offset++;
  paragraph.position.start = { ...start };
}
