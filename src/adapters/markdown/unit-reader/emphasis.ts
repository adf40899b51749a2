/**
 * Emphasis and strong emphasis (CommonMark § 6.2, "process emphasis"), the
 * way micromark's attention construct resolves them: each closing run, in
 * order, takes the nearest opening run of the same marker before it (the
 * rule of 3 applied), two markers when both runs have two, else one; runs
 * left over are text; GFM strikethrough beside it (runs of one or two
 * tildes). The search back makes a block with many runs quadratic, so the
 * caller caps the number of runs.
 */
import { codes } from '../../../decode/character-codes.js';
import { characterKind, classify, codeAt } from './characters.js';
import type { Delimiter, Inline, Piece } from './inline-nodes.js';

const { asterisk, tilde } = codes;

/** GFM's strikethrough marker: a run next to one may open or close (micromark leaves `*` and `_` out of this rule). */
function isAttentionMarker(code: number): boolean {
  return code === tilde;
}

/** The run of `marker` at `text[from, to)`, with its flanking worked out as micromark does. */
export function delimiterRun(text: string, marker: number, from: number, to: number): Delimiter {
  const previous = codeAt(text, from - 1);
  const next = codeAt(text, to);
  const before = classify(previous);
  const after = classify(next);
  const open = after === characterKind.other || (after === characterKind.punctuation && before !== characterKind.other) || isAttentionMarker(next);
  const close = before === characterKind.other || (before === characterKind.punctuation && after !== characterKind.other) || isAttentionMarker(previous);
  return {
    type: 'delimiter',
    marker,
    from,
    to,
    canOpen: marker === asterisk ? open : open && (before !== characterKind.other || !close),
    canClose: marker === asterisk ? close : close && (after !== characterKind.other || !open),
  };
}

/**
 * A run of one or two tildes (GFM strikethrough) at `text[from, to)`, with
 * its flanking as micromark-extension-gfm-strikethrough works it out: it
 * may open before a character that is neither whitespace nor punctuation,
 * or before punctuation after whitespace or punctuation; it may close the
 * other way round.
 */
export function strikethroughRun(text: string, from: number, to: number): Delimiter {
  const before = classify(text.charCodeAt(from - 1));
  const after = classify(text.charCodeAt(to));
  return {
    type: 'delimiter',
    marker: tilde,
    from,
    to,
    canOpen: after === characterKind.other || (after === characterKind.punctuation && before !== characterKind.other),
    canClose: before === characterKind.other || (before === characterKind.punctuation && after !== characterKind.other),
  };
}

/**
 * Resolve the emphasis and strikethrough of `pieces` (no bracket openers
 * left among them) as micromark does: each kind is resolved over the
 * whole text by its own pass, in the order micromark met the kinds
 * (`strikethroughFirst`: a run of tildes came before any `*` or `_` run);
 * inside a group a pass forms (emphasis, strong, delete), and inside a
 * link's text, emphasis then strikethrough ({@link resolveSpan}, micromark's
 * `insideSpan`). Each pass makes the runs of its kind left over text, so a
 * run inside a group never pairs with one outside it.
 *
 * ```markdown
 * > | *a ~b* c~     ← emphasis met first: `*a ~b*`, the tildes text
 * > | ~a *b~ c*     ← strikethrough met first: `~a *b~`, the asterisks text
 * ```
 */
export function resolveRuns(pieces: Piece[], strikethroughFirst = false): Inline[] {
  // most texts hold no run and no bracket: the pieces are the nodes, in a list of their own (no pass, no function made)
  if (onlyNodes(pieces)) return pieces.slice();
  const list = strikethroughFirst ? attentionPass(strikethroughPass(pieces)) : resolveSpan(pieces);
  return list.map((piece) => (piece.type === 'delimiter' ? leftOver(piece) : piece.type === 'bracket' ? bracketText(piece) : piece));
}

/** Are all of `pieces` nodes (no run of markers, no bracket)? */
function onlyNodes(pieces: Piece[]): pieces is Inline[] {
  for (const piece of pieces) if (piece.type === 'delimiter' || piece.type === 'bracket') return false;
  return true;
}

/** What is inside a group or a link's text: emphasis, then strikethrough. */
function resolveSpan(pieces: Piece[]): Piece[] {
  return strikethroughPass(attentionPass(pieces));
}

function children(pieces: Piece[]): Inline[] {
  return resolveSpan(pieces).map((piece) => (piece.type === 'delimiter' ? leftOver(piece) : piece.type === 'bracket' ? bracketText(piece) : piece));
}

/**
 * The strikethrough pass: each closing run of tildes, in order, takes the
 * nearest opening run of the same size before it, whole; runs of tildes
 * left over are text (runs of `*` and `_` are left to their own pass).
 */
function strikethroughPass(pieces: Piece[]): Piece[] {
  if (!pieces.some((piece) => piece.type === 'delimiter' && piece.marker === tilde)) return pieces;
  let list = pieces.slice();
  for (let index = 0; index < list.length; index++) {
    const closer = list[index] as Piece;
    if (closer.type !== 'delimiter' || closer.marker !== tilde || !closer.canClose) continue;
    const size = closer.to - closer.from;
    let opener = index - 1;
    for (; opener >= 0; opener--) {
      const candidate = list[opener] as Piece;
      if (candidate.type === 'delimiter' && candidate.marker === tilde && candidate.canOpen && candidate.to - candidate.from === size) break;
    }
    if (opener < 0) continue;
    const open = list[opener] as Delimiter;
    const group: Inline = { type: 'delete', from: open.from, to: closer.to, children: children(list.slice(opener + 1, index)) };
    list = [...list.slice(0, opener), group, ...list.slice(index + 1)];
    index = opener;
  }
  return list.map((piece) => (piece.type === 'delimiter' && piece.marker === tilde ? leftOver(piece) : piece));
}

/**
 * The emphasis pass (micromark's attention): each closing run of `*` or
 * `_`, in order, takes the nearest opening run of the same marker before
 * it (the rule of 3 applied), two markers when both runs have two, else
 * one; runs of `*` and `_` left over are text (runs of tildes are left to
 * their own pass).
 */
function attentionPass(pieces: Piece[]): Piece[] {
  if (!pieces.some((piece) => piece.type === 'delimiter' && piece.marker !== tilde)) return pieces;
  let list = pieces.slice();
  let index = 0;
  while (index < list.length) {
    const closer = list[index] as Piece;
    if (closer.type !== 'delimiter' || closer.marker === tilde || !closer.canClose) {
      index++;
      continue;
    }
    let opener = index - 1;
    for (; opener >= 0; opener--) {
      const candidate = list[opener] as Piece;
      if (candidate.type !== 'delimiter' || !candidate.canOpen || candidate.marker !== closer.marker) continue;
      const openLength = candidate.to - candidate.from;
      const closeLength = closer.to - closer.from;
      if ((candidate.canClose || closer.canOpen) && closeLength % 3 !== 0 && (openLength + closeLength) % 3 === 0) continue;
      break;
    }
    if (opener < 0) {
      index++;
      continue;
    }
    const open = list[opener] as Delimiter;
    const use = open.to - open.from > 1 && closer.to - closer.from > 1 ? 2 : 1;
    const group: Inline = {
      type: use === 2 ? 'strong' : 'emphasis',
      from: open.to - use,
      to: closer.from + use,
      children: children(list.slice(opener + 1, index)),
    };
    open.to -= use;
    closer.from += use;
    const before = open.to > open.from ? list.slice(0, opener + 1) : list.slice(0, opener);
    const after = list.slice(index);
    list = [...before, group, ...after];
    // the closer again, when some of it is left
    index = before.length + 1;
    if (closer.to === closer.from) {
      list.splice(index, 1);
    }
  }
  return list.map((piece) => (piece.type === 'delimiter' && piece.marker !== tilde ? leftOver(piece) : piece));
}

function leftOver(run: Delimiter): Inline {
  return { type: 'text', from: run.from, to: run.to, value: String.fromCharCode(run.marker).repeat(run.to - run.from) };
}

function bracketText(opener: { from: number; to: number; image: boolean }): Inline {
  return { type: 'text', from: opener.from, to: opener.to, value: opener.image ? '![' : '[' };
}
