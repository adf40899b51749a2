/**
 * Phrasing content while a unit is read: mdast node types with `[from, to)`
 * in the block's inline text (see `inline-text.ts`), turned into mdast
 * nodes with positions once the block is read.
 */

export interface InlineText {
  type: 'text';
  from: number;
  to: number;
  value: string;
}

export interface InlineBreak {
  type: 'break';
  from: number;
  to: number;
}

export interface InlineCode {
  type: 'inlineCode';
  from: number;
  to: number;
  value: string;
}

export interface InlineHtml {
  type: 'html';
  from: number;
  to: number;
  value: string;
}

export interface InlineParent {
  type: 'link' | 'emphasis' | 'strong' | 'delete';
  from: number;
  to: number;
  children: Inline[];
  /** Links: the destination. */
  url?: string;
  title?: string | null;
}

export interface InlineImage {
  type: 'image';
  from: number;
  to: number;
  url: string;
  title: string | null;
  alt: string;
}

/** A reference to a definition (`[text][label]`, `[label][]`, `[label]`). */
export interface InlineReference {
  type: 'linkReference' | 'imageReference';
  from: number;
  to: number;
  identifier: string;
  label: string;
  referenceType: 'full' | 'collapsed' | 'shortcut';
  children: Inline[];
}

export type Inline = InlineText | InlineBreak | InlineCode | InlineHtml | InlineParent | InlineImage | InlineReference;

/** An emphasis marker run (`*`, `__`…) or a strikethrough one (`~`, `~~`) not yet matched; `from`/`to` shrink as it is used. */
export interface Delimiter {
  type: 'delimiter';
  marker: number;
  from: number;
  to: number;
  canOpen: boolean;
  canClose: boolean;
}

/** A `[` or `![` waiting for its `]`. */
export interface BracketOpener {
  type: 'bracket';
  image: boolean;
  from: number;
  to: number;
}

export type Piece = Inline | Delimiter | BracketOpener;
