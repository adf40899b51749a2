/**
 * What the link report shows, as data: `summarize(records)` (or
 * `createSummary()` fed record by record) gives a `LinkSummary`; the HTML
 * and Markdown reports draw it, and a program can draw its own. Plain
 * objects and arrays only: it serializes as JSON.
 */
import type { FoundKind } from './found-kind.js';

/** Where one occurrence of a URL is. */
export interface SummaryPlace {
  /** The input's name (a maildir message: its own file); `""` when the records named none. */
  file: string;
  line: number;
  column: number;
  /** Mail: the message (0-based `index`, and its `subject` when it has one). */
  message?: { index: number; subject?: string };
  /** `"part"` when the position points at a MIME part, not at the URL (mail, base64). */
  position?: 'part';
}

/** One distinct URL: what all its occurrences share, and where it was found. */
export interface SummaryUrl {
  url: string;
  /** Lower-cased host (a `mailto:` address's domain), `"(none)"` without one. */
  host: string;
  scheme: string;
  /** How its first occurrence was found. */
  kind: FoundKind;
  valid: boolean;
  /** Parse errors (RFC 1738), codes and sentences. */
  errors: { code: string; message: string }[];
  /** The other readings of a hyphen-ambiguous URL. */
  alternatives: string[];
  /** Occurrences in the run. */
  count: number;
  /** Inputs it was found in. */
  files: number;
  /** The first occurrences' places, at most `maxPlaces` (`count` says how many there are). */
  places: SummaryPlace[];
  /** Text around the first occurrence, when the records came with some (the CLI's `--context`). */
  context?: string;
  /** A URL rejoined across lines: what a reader that stops at the line end finds of it. */
  cut?: string;
}

export interface SummaryCount<Name extends string = string> {
  name: Name;
  urls: number;
}

export interface SummaryHost {
  host: string;
  /** Occurrences. */
  urls: number;
  distinctUrls: number;
  files: number;
}

/** What the run left unread, when the summary was given the run's figures (the CLI gives them). */
export interface SummaryRun {
  /** Inputs read (with or without URLs). */
  files: number;
  bytes: number;
  /** Inputs skipped (binary, compressed in a way not read, …) and why. */
  skipped: { file: string; reason: string }[];
  /** Folders and paths that could not be read at all. */
  notRead: string[];
  /** Inputs that failed while read. */
  failed: number;
  /** Problems in the input read past (mail: broken base64, an unknown charset…). */
  problems: number;
  /** URLs left out by URL filters. */
  leftOutByFilters: number;
}

export interface LinkSummary {
  /** Occurrences of URLs. */
  urls: number;
  distinctUrls: number;
  hosts: number;
  /** Inputs that held at least one URL. */
  filesWithUrls: number;
  /** Distinct URLs that are not valid by RFC 1738. */
  invalidUrls: number;
  /** Some record came from mail (places name messages). */
  mail: boolean;
  /** Every host, most URLs first, then by name. */
  byHost: SummaryHost[];
  /** Schemes, most URLs first. */
  byScheme: SummaryCount[];
  /** How the URLs were found, in the order of `foundKinds` (kinds with none left out). */
  byKind: SummaryCount<FoundKind>[];
  /** Inputs with URLs, most first, at most `maxFiles`; `filesLeftOut` counts the URLs of the rest. */
  byFile: SummaryCount[];
  /** Distinct URLs, in the order first found; at most `maxUrls` (see `leftOut`). */
  list: SummaryUrl[];
  /** URLs worth a look; each list is drawn from `list`, its `total` counts every one in the run. */
  lookAt: {
    /** Not valid by RFC 1738, with the errors. */
    invalid: LookAtList<SummaryUrl>;
    /** A hyphen at a line break: two readings. */
    hyphenAmbiguous: LookAtList<SummaryUrl>;
    /** Rejoined across lines: what a reader that stops at line ends cuts. */
    rejoined: LookAtList<SummaryUrl>;
    /** `http://` URLs whose host is also linked over `https://`. */
    httpAlsoHttps: LookAtList<SummaryUrl>;
    /** Hosts named by one URL occurrence, with that URL. */
    singleHosts: LookAtList<{ host: string; url: string }>;
  };
  /** What the summary holds counts of but does not list. */
  leftOut: {
    /** Distinct URLs not in `list`. */
    distinctUrls: number;
    /** Their occurrences. */
    urls: number;
    /** URLs of inputs not in `byFile`, and how many such inputs. */
    fileUrls: number;
    files: number;
  };
  /** The run's figures, when given. */
  run?: SummaryRun;
}

export interface LookAtList<Item> {
  /** How many there are in the run. */
  total: number;
  /** Those listed (a URL past `maxUrls` is counted, not listed). */
  items: Item[];
}
