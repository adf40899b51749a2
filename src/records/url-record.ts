/**
 * The records the library returns: `UrlRecord` for one URL found in text (what
 * `scan`, `createScanner`, `scanStream` and `urlsift/remark` give), and
 * `MailRecord`, a `UrlRecord` that also says which message, MIME part and
 * header it came from (what `scanMail` gives), and `HtmlRecord`, one that
 * names the HTML attribute it came from (what `scanHtml` gives). The CLI's
 * rows add their own fields beside a record, in `cli/cli-row.ts`.
 */
import type { ParseError, UrlParts } from '../parse/parsed-url.js';

/** Where a record was found. Positions count UTF-16 code units of the decoded text. */
export interface Point {
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
  /** 0-based offset. */
  offset: number;
}

/** How the URL was delimited in the source. */
export const forms = [
  'url-wrapper',
  'angle',
  'quoted',
  'bare',
  'markdown-link',
  'html-attribute',
  'header',
] as const;

export type Form = (typeof forms)[number];

/** One URL found in text. */
export interface UrlRecord {
  /** The reading with wrapper and inserted whitespace removed. */
  url: string;
  /**
   * The URI a browser requests for `url`, as the WHATWG URL standard
   * serializes it (for http(s), `new URL(url).href`: the host by IDNA, other
   * characters beyond US-ASCII as UTF-8 octets, percent-encoded): set only
   * when `url` holds characters a URI must escape (an IRI, a space, `|`…)
   * and the serialization differs from it; otherwise `undefined`, and absent
   * from JSON.
   */
  href?: string | undefined;
  /** The exact source text, wrapper included. */
  raw: string;
  /** Lower-cased scheme. */
  scheme: string;
  form: Form;
  /** Other readings (the hyphen rule): never silently dropped. */
  alternatives: string[];
  start: Point;
  /** Exclusive. */
  end: Point;
  valid: boolean;
  errors: ParseError[];
  parts: UrlParts;
  /**
   * `true` when the source held a relative link (`./a.md`, `/docs/x`,
   * `#part`), reported resolved because the document's URL was given
   * (`resolve` and `url` of the HTML and Markdown adapters; `--base`,
   * `--root`); absent otherwise.
   */
  relative?: true;
}

/** A URL found in HTML: `attribute` names the element and attribute of an `html-attribute` record. */
export interface HtmlRecord extends UrlRecord {
  /** `a href`, `img srcset`, `meta refresh`, `meta og:image`…; `undefined` for a URL in text. */
  attribute?: string | undefined;
}

/**
 * A URL found in mail: a `UrlRecord` whose `offset`s count bytes of the file
 * (each MIME part may have its own charset), plus where in the mail it was.
 */
export interface MailRecord extends UrlRecord {
  /**
   * Which message: 0-based `index` through the mbox or maildir, its
   * `Message-ID` with its `<>`, and its `Subject` decoded (folding and runs
   * of white space as one space, at most 200 characters); each present when
   * the message has one.
   */
  message: { index: number; messageId?: string; subject?: string };
  /** MIME part number, IMAP style, such as `"1.2"`; absent for the message's own header. */
  mimePart?: string;
  /** The header field the URL was found in, such as `"List-Unsubscribe"`. */
  header?: string;
  /**
   * `"part"` when `start` and `end` point at the MIME part, not at the URL
   * (a base64 part, a message/rfc822 sent encoded).
   */
  position?: 'part';
  /** Maildir: the message's own file. */
  file?: string;
}
