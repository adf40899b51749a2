/**
 * One document (a page without its fragment, a file) checked once for every
 * URL that leads to it: `page`, `page#a` and `page#b` share one request,
 * whose body is read for `a` and `b` when they are asked for before it
 * starts (or while its body is read). A fragment asked for after the body
 * was read, and not among the anchors read, gets one more reading; so does
 * one asked of a document first checked with HEAD.
 */
import { checkError, type CheckError } from './check-error-codes.js';
import type { CheckResult, RedirectHop } from './check-result.js';
import { hasAnchor, type AnchorSet } from './fragment.js';

/** What checking a document found. */
export interface DocumentOutcome {
  ok: boolean;
  code?: number;
  redirects?: RedirectHop[];
  error?: CheckError;
  /** Not checked at all, and why. */
  skipped?: string;
  anchors?: AnchorSet;
  /** Why the anchors could not be read (not HTML or Markdown, a folder, reading failed). */
  anchorsUnread?: string;
}

/** A result without its URL and places. */
export type Verdict = Omit<CheckResult, 'url' | 'count' | 'places'>;

/** How the documents of one kind (pages, files) are read, and when: one object for all of them. */
export interface DocumentSource {
  /** Run `document.run()` when the limits allow. */
  schedule(document: DocumentCheck): void;
  /** Read `document`; `wanted` is the live set of anchors asked of it. */
  fetch(document: DocumentCheck, wanted: ReadonlySet<string>): Promise<DocumentOutcome>;
}

interface Waiter {
  promise: Promise<Verdict>;
  resolve: (verdict: Verdict) => void;
}

function waiter(): Waiter {
  let resolve: (verdict: Verdict) => void = () => {};
  const promise = new Promise<Verdict>((done) => (resolve = done));
  return { promise, resolve };
}

/** Readings of one document at most: a fragment still unanswered after them is left unchecked, with a note. */
const maxReadings = 3;

/** The verdict of a document, fragments aside. */
function documentVerdict(outcome: DocumentOutcome): Verdict {
  const verdict: Verdict = { status: outcome.skipped !== undefined ? 'skipped' : outcome.ok ? 'ok' : 'broken', redirects: outcome.redirects ?? [] };
  if (outcome.code !== undefined) verdict.code = outcome.code;
  if (outcome.skipped !== undefined) verdict.reason = outcome.skipped;
  else if (!outcome.ok && outcome.error !== undefined) verdict.error = outcome.error;
  return verdict;
}

/** What a document's first reading looks for when no fragment is asked of it (the common case: no set kept per document). */
const noAnchors: ReadonlySet<string> = new Set();

export class DocumentCheck {
  private outcome: DocumentOutcome | undefined;
  /** The verdict waiting for a reading of the document itself. */
  private plain: Waiter | undefined;
  /** Verdicts of fragments waiting for a reading, by anchor (made when a fragment is first asked). */
  private anchors: Map<string, Waiter> | undefined;
  /** Anchors the next or current reading looks for (it may grow while a body is read). */
  private wanted: Set<string> | undefined;
  private scheduled = false;
  private readings = 0;

  /**
   * @param key The document's URL, without its fragment.
   * @param host The host whose turn its readings take.
   * @param source Schedules and reads it.
   */
  constructor(
    readonly key: string,
    readonly host: string,
    private readonly source: DocumentSource,
  ) {}

  /** The verdict for the document with `anchor` (undefined: the document itself). */
  verdict(anchor: string | undefined): Promise<Verdict> {
    const known = this.known(anchor);
    if (known !== undefined) return Promise.resolve(known);
    let entry: Waiter | undefined;
    if (anchor === undefined) entry = this.plain ??= waiter();
    else {
      this.anchors ??= new Map();
      entry = this.anchors.get(anchor);
      if (entry === undefined) {
        entry = waiter();
        this.anchors.set(anchor, entry);
        (this.wanted ??= new Set()).add(anchor);
      }
    }
    if (!this.scheduled) {
      this.scheduled = true;
      this.source.schedule(this);
    }
    return entry.promise;
  }

  /** The verdict the readings so far give, or undefined when another reading is needed. */
  private known(anchor: string | undefined): Verdict | undefined {
    const outcome = this.outcome;
    if (outcome === undefined) return undefined;
    const verdict = documentVerdict(outcome);
    if (anchor === undefined || verdict.status !== 'ok') return verdict;
    const anchors = outcome.anchors;
    if (anchors !== undefined) {
      if (hasAnchor(anchors, anchor)) return verdict;
      if (anchors.unreadable !== undefined) return { ...verdict, note: `#${anchor} is not in what was read: ${anchors.unreadable}` };
      if (anchors.complete) return { ...verdict, status: 'broken', error: checkError('fragment-missing', `#${anchor}`) };
    } else if (outcome.anchorsUnread !== undefined) return { ...verdict, note: outcome.anchorsUnread };
    if (this.readings >= maxReadings) return { ...verdict, note: `#${anchor} is not checked: the document was read ${maxReadings} times` };
    return undefined;
  }

  /** One reading (the scheduler calls it in the document's turn). */
  async run(): Promise<void> {
    this.readings++;
    let outcome: DocumentOutcome;
    try {
      outcome = await this.source.fetch(this, this.wanted ?? noAnchors);
    } catch (error) {
      outcome = { ok: false, error: checkError('connection-failed', (error as Error).message) };
    }
    this.outcome = outcome;
    this.scheduled = false;
    if (this.plain !== undefined) {
      this.plain.resolve(this.known(undefined) as Verdict);
      this.plain = undefined;
    }
    if (this.anchors === undefined) return;
    this.wanted?.clear();
    for (const [anchor, entry] of this.anchors) {
      const verdict = this.known(anchor);
      if (verdict === undefined) {
        (this.wanted ??= new Set()).add(anchor);
        continue;
      }
      entry.resolve(verdict);
      this.anchors.delete(anchor);
    }
    // anchors asked for after the body was read (or of a document read with HEAD): one more reading
    if (this.anchors.size > 0) {
      this.scheduled = true;
      this.source.schedule(this);
    }
  }
}
