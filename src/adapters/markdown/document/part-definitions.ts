/**
 * Link reference and footnote definitions are global in CommonMark: `[a]`
 * is a link only where some part of the document defines `a`, and the first
 * definition of a label wins. A part read alone gets the definitions it may
 * refer to written as a block of its own before (or, for the first part,
 * after) its text; the records of that block are dropped.
 *
 * ```markdown
 *   | [spec]: <http://a.example/spec>   ← written for the part, no records
 *   |
 * > | See [the spec][spec].             ← the part
 * ```
 */
import type { Nodes, Root } from 'mdast';
import { codes } from '../../../decode/character-codes.js';

const { colon, space, tab, lineFeed, carriageReturn, leftSquareBracket, greaterThan } = codes;

export interface Definition {
  /** The label as written (`[label]`). */
  label: string;
  /** Its URL, for a link reference definition; undefined for a footnote. */
  url: string | undefined;
  /** Where it is in the document (its first character). */
  offset: number;
}

/**
 * Definitions of one kind by normalized label, kept compact (a document may
 * hold a million): an index by label, their offsets and URLs in arrays,
 * and the label as written only where it cannot be written as its
 * normalized form (which reads back as the same label). A
 * {@link Definition} is made when one is asked for.
 */
export class DefinitionTable {
  private readonly index = new Map<string, number>();
  private readonly offsets: number[] = [];
  private readonly urls: Array<string | undefined> = [];
  /** Labels as written, where the normalized label is not one to write. */
  private readonly written = new Map<number, string>();

  get size(): number {
    return this.index.size;
  }

  has(key: string): boolean {
    return this.index.has(key);
  }

  get(key: string): Definition | undefined {
    const at = this.index.get(key);
    return at === undefined ? undefined : this.at(at, key);
  }

  /** Where the definition of `key` is, or undefined. */
  offsetOf(key: string): number | undefined {
    const at = this.index.get(key);
    return at === undefined ? undefined : this.offsets[at];
  }

  /** Keep `label`'s definition when it is the first of `key` met so far (the one further up wins). */
  add(key: string, label: string, url: string | undefined, offset: number): void {
    const known = this.index.get(key);
    if (known !== undefined && (this.offsets[known] as number) <= offset) return;
    const at = known ?? this.offsets.length;
    this.index.set(key, at);
    this.offsets[at] = offset;
    this.urls[at] = url;
    if (writable.test(key) && key.length === label.length) this.written.delete(at);
    else this.written.set(at, label);
  }

  /** Every definition, with its normalized label. */
  *entries(): Generator<[string, Definition]> {
    for (const [key, at] of this.index) yield [key, this.at(at, key)];
  }

  private at(at: number, key: string): Definition {
    return { label: this.written.get(at) ?? key, url: this.urls[at], offset: this.offsets[at] as number };
  }
}

/**
 * A normalized label that reads back as itself: printable ASCII without
 * whitespace (already upper case, so normalizing it again changes nothing).
 */
const writable = /^[!-~]*$/;

/** Definitions by kind and normalized label: the first one in the document wins. */
export class Definitions {
  readonly links = new DefinitionTable();
  readonly footnotes = new DefinitionTable();

  /**
   * Add the definitions of a part read alone: those at `[from, to)` of the
   * text it was read as (not those of its definitions block); `shift` moves
   * their offsets to the document's.
   */
  collect(tree: Root, from: number, to: number, shift: number): void {
    eachDefinition(tree, from, to, shift, (kind, key, label, url, offset) => (kind === 'link' ? this.links : this.footnotes).add(key, label, url, offset));
  }

  /** The same definitions as `other` (labels, places and URLs)? */
  sameAs(other: Definitions): boolean {
    const same = (a: DefinitionTable, b: DefinitionTable) =>
      a.size === b.size && [...a.entries()].every(([key, definition]) => b.get(key)?.offset === definition.offset && b.get(key)?.url === definition.url);
    return same(this.links, other.links) && same(this.footnotes, other.footnotes);
  }

  get size(): number {
    return this.links.size + this.footnotes.size;
  }

  /**
   * The definitions `text` (the document's `[from, to)`) may refer to
   * (every `[label]` and `[^label]` in it), in document order, written as
   * Markdown; `''` when there are none. Definitions inside the text itself
   * are left out: reading the text finds them.
   */
  blockFor(text: string, from: number, to: number, guess = false): string {
    return this.blockForParts(text, [{ start: from, end: to }], guess);
  }

  /**
   * The same for the parts `spans` of the document read together (`text`:
   * their text): definitions inside any of them are left out. `guess`: for
   * a reading that is checked against the block once every definition is
   * found (and done again when the block is not the same), the definitions
   * of labels the text may define itself (`[label]:` in it) found after
   * its start are left out too: the text's own comes first where it
   * defines one that is also defined further on, found before it was read.
   */
  blockForParts(text: string, spans: readonly { start: number; end: number }[], guess = false): string {
    if (this.size === 0 || !text.includes(']')) return '';
    const outside = (offset: number) => spans.every((span) => offset < span.start || offset >= span.end);
    const wanted: Definition[] = [];
    // by offset: one definition is at one place
    const seen = new Set<number>();
    const own = guess ? ownDefinitions(text, spans) : undefined;
    for (const match of text.matchAll(bracketed)) {
      const label = match[1] as string;
      const footnote = label.startsWith('^');
      const key = normalizeIdentifier(footnote ? label.slice(1) : label);
      const definition = footnote ? this.footnotes.get(key) : this.links.get(key);
      if (definition !== undefined && own !== undefined && definition.offset > (own.get(ownKey(label)) ?? Number.POSITIVE_INFINITY)) continue;
      if (definition !== undefined && !seen.has(definition.offset) && outside(definition.offset)) {
        seen.add(definition.offset);
        wanted.push(definition);
      }
    }
    if (wanted.length === 0) return '';
    wanted.sort((a, b) => a.offset - b.offset);
    return wanted
      .map((definition) =>
        definition.url === undefined ? `[^${definition.label}]: x` : `[${definition.label}]: ${destination(definition.url)}`,
      )
      .join('\n\n');
  }
}

/** A definition met in a tree: its kind, normalized label, label as written, URL (links) and offset in the document. */
type DefinitionMet = (kind: 'link' | 'footnote', key: string, label: string, url: string | undefined, offset: number) => void;

/** Every link and footnote definition of `tree` at `[from, to)`, offsets moved by `shift`, in tree order. */
function eachDefinition(tree: Root, from: number, to: number, shift: number, met: DefinitionMet): void {
  const visit = (node: Nodes): void => {
    const at = node.position?.start.offset;
    if ((node.type === 'definition' || node.type === 'footnoteDefinition') && at !== undefined && at >= from && at < to) {
      const label = node.label ?? node.identifier;
      met(node.type === 'definition' ? 'link' : 'footnote', normalizeIdentifier(label), label, node.type === 'definition' ? node.url : undefined, at + shift);
    }
    if (holdsDefinitions.has(node.type) && 'children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
}

/** The nodes a definition may be a child of (flow containers): no paragraph, heading or table is walked for one. */
const holdsDefinitions: ReadonlySet<string> = new Set(['root', 'blockquote', 'list', 'listItem', 'footnoteDefinition']);

/** What gathers the definitions a reading of a document finds. */
export interface DefinitionsFound {
  collect(tree: Root, from: number, to: number, shift: number): void;
}

/**
 * The definitions a reading finds, held against those known before it
 * (`known`): the same as {@link Definitions.sameAs} on all of them, told as
 * they come (without a second table of a million definitions), so that a
 * reading that cannot be kept stops at once, and records before a place
 * whose definitions are all found as known can be given before the end.
 */
export class KnownDefinitionsCheck implements DefinitionsFound {
  /** The places of the known definitions in document order, and which of them were found. */
  private readonly ordered: Float64Array;
  private readonly found: Uint8Array;
  /** Every known definition before `ordered[checked]` was found. */
  private checked = 0;
  /** A definition was found that is not known so (another label, an earlier place, another URL). */
  differs = false;

  constructor(private readonly known: Definitions) {
    const ordered = new Float64Array(known.size);
    let at = 0;
    for (const table of [known.links, known.footnotes]) for (const [, definition] of table.entries()) ordered[at++] = definition.offset;
    this.ordered = ordered.sort();
    this.found = new Uint8Array(ordered.length);
  }

  collect(tree: Root, from: number, to: number, shift: number): void {
    eachDefinition(tree, from, to, shift, (kind, key, _label, url, offset) => {
      const known = (kind === 'link' ? this.known.links : this.known.footnotes).get(key);
      if (known === undefined || known.offset > offset || (known.offset === offset && known.url !== url)) this.differs = true;
      else if (known.offset === offset) this.found[this.indexOf(offset)] = 1;
    });
  }

  /** Is every known definition before `offset` found (as known)? */
  foundBefore(offset: number): boolean {
    const { ordered, found } = this;
    while (this.checked < ordered.length && found[this.checked] === 1) this.checked++;
    return this.checked === ordered.length || (ordered[this.checked] as number) >= offset;
  }

  /** Were the definitions found those known (labels, places and URLs)? */
  sameAsKnown(): boolean {
    return !this.differs && this.foundBefore(Number.POSITIVE_INFINITY);
  }

  private indexOf(offset: number): number {
    let low = 0;
    let high = this.ordered.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.ordered[middle] as number) < offset) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/**
 * The labels `text` (the parts `spans` joined by line endings) may define
 * (`[label]:`), each with the place in the document of the first.
 */
function ownDefinitions(text: string, spans: readonly { start: number; end: number }[]): Map<string, number> | undefined {
  if (!text.includes(']:')) return undefined;
  const own = new Map<string, number>();
  let span = 0;
  // where spans[span] starts in `text`, and where the next does
  let from = 0;
  let next = spanLength(spans[0]) + 1;
  for (const match of text.matchAll(bracketed)) {
    const at = match.index as number;
    if (text.charCodeAt(at + match[0].length) !== colon || continuesParagraph(text, at)) continue;
    while (at >= next && span + 1 < spans.length) {
      span++;
      from = next;
      next += spanLength(spans[span]) + 1;
    }
    const key = ownKey(match[1] as string);
    if (!own.has(key)) own.set(key, (spans[span]?.start ?? 0) + at - from);
  }
  return own;
}

/**
 * Is the `[` at `text[at]` surely a paragraph's text: first on its line
 * (after spaces), right after a line of text that is not blank and starts
 * with no `[` nor `>` (a definition cannot interrupt a paragraph:
 * `Foo⏎[bar]: /baz` defines nothing)? Told by lines alone: a line that
 * ends a block before it (a heading, a fence) makes a definition taken
 * for text, which costs a second reading at most, never a wrong record.
 */
function continuesParagraph(text: string, at: number): boolean {
  let lineStart = at;
  while (lineStart > 0 && text.charCodeAt(lineStart - 1) === space) lineStart--;
  if (lineStart === 0 || !isLineEnding(text.charCodeAt(lineStart - 1))) return false;
  let before = lineStart - 1;
  if (text.charCodeAt(before) === lineFeed && text.charCodeAt(before - 1) === carriageReturn) before--;
  // the line before: its first character that is not a space or a tab
  let first = before;
  while (first > 0 && !isLineEnding(text.charCodeAt(first - 1))) first--;
  while (first < before && (text.charCodeAt(first) === space || text.charCodeAt(first) === tab)) first++;
  if (first === before) return false;
  const code = text.charCodeAt(first);
  return code !== leftSquareBracket && code !== greaterThan;
}

function isLineEnding(code: number): boolean {
  return code === lineFeed || code === carriageReturn;
}

function spanLength(span: { start: number; end: number } | undefined): number {
  return span === undefined ? 0 : span.end - span.start;
}

/** A label's key in the labels a text may define: normalized, `^` kept before a footnote's. */
function ownKey(label: string): string {
  return label.startsWith('^') ? `^${normalizeIdentifier(label.slice(1))}` : normalizeIdentifier(label);
}

const whitespaceRun = /[\t\n\r ]+/g;
const edgeSpace = /^ | $/g;

/** A label as CommonMark compares labels: whitespace collapsed and trimmed, case folded. */
function normalizeIdentifier(label: string): string {
  return label.replace(whitespaceRun, ' ').replace(edgeSpace, '').toLowerCase().toUpperCase();
}

/** `[label]`: no brackets inside, at most 999 characters (CommonMark's limit). */
const bracketed = /\[([^[\]]{1,999})\]/g;
const punctuation = /[!-/:-@[-`{-~]/g;

/**
 * A URL as a destination that reads back as it was: as it is when nothing
 * in it is read otherwise (no escape, no character reference, no space or
 * control character, no `<` first, no parenthesis), which micromark
 * reads several times faster; else as a `<…>` destination with every ASCII
 * punctuation character escaped.
 */
function destination(url: string): string {
  return url !== '' && !unsafeInRaw.test(url) ? url : `<${escapeDestination(url)}>`;
}

/** What a raw destination would read otherwise, or cannot hold. */
const unsafeInRaw = /[\\&<>()\u0000-\u0020\u007f]/;

/** A URL as a `<…>` destination: every ASCII punctuation character escaped, so it reads back as it was. */
function escapeDestination(url: string): string {
  return url.replace(punctuation, '\\$&');
}
