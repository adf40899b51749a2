/**
 * Options of `scan`, `createScanner`, `scanStream` and the adapters, with their
 * validation. Misuse throws a precise `TypeError`; input never does.
 */

export interface ScanOptions {
  /**
   * Allow-list of schemes (any case), at least one. Records of other schemes are dropped.
   * @default undefined (every scheme)
   */
  schemes?: readonly string[];
  /**
   * Find `www.example.com` with no scheme, reported as `http://www.example.com`.
   * @default false
   */
  schemeless?: boolean;
  /**
   * Find bare addresses `user@host.tld`, reported as `mailto:user@host.tld`.
   * @default false
   */
  emails?: boolean;
  /**
   * The hyphen rule: which reading of a URL broken right after `-` is `url`.
   * The other goes to `alternatives`.
   * @default 'keep'
   */
  hyphen?: 'keep' | 'drop';
  /**
   * Report only URLs that are valid by RFC 1738.
   * @default false
   */
  strict?: boolean;
  /**
   * Characters after which an unclosed `<URL:` wrapper is abandoned and its text
   * scanned again as ordinary text.
   * @default 4096
   */
  maxWrapperLength?: number;
}

/** Options after validation, with defaults filled in. */
export interface ResolvedScanOptions {
  schemes: ReadonlySet<string> | undefined;
  schemeless: boolean;
  emails: boolean;
  hyphen: 'keep' | 'drop';
  strict: boolean;
  maxWrapperLength: number;
}

/** The names of the scan options (adapters take them beside their own). */
export const scanOptionKeys: ReadonlySet<string> = new Set(['schemes', 'schemeless', 'emails', 'hyphen', 'strict', 'maxWrapperLength']);

/** Throw `TypeError` unless `options` is a plain object, not an array (the options argument of every entry point). */
export function checkOptionsObject(options: unknown): asserts options is object {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`Expected options to be an object, got ${options === null ? 'null' : typeof options}`);
  }
  // `scan(text, ['http'])`: a list where the options belong (the schemes, meant as `{ schemes: [...] }`)
  if (Array.isArray(options)) throw new TypeError('Expected options to be an object, got an array');
}

/** A boolean option: `fallback` when `undefined`; anything but a boolean throws `TypeError`. */
export function booleanOption(value: unknown, name: string, fallback = false): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') {
    throw new TypeError(`Expected option \`${name}\` to be a boolean, got ${typeof value}`);
  }
  return value;
}

/** Check options and fill in defaults. Throws `TypeError` on misuse. */
export function resolveScanOptions(options: ScanOptions | undefined = {}): ResolvedScanOptions {
  checkOptionsObject(options);
  for (const key of Object.keys(options)) {
    if (!scanOptionKeys.has(key)) throw new TypeError(`Unknown option \`${key}\``);
  }
  let schemes: Set<string> | undefined;
  if (options.schemes !== undefined) {
    if (!Array.isArray(options.schemes) || options.schemes.some((s) => typeof s !== 'string' || s === '')) {
      throw new TypeError('Expected option `schemes` to be an array of non-empty strings');
    }
    // an empty allow-list would let nothing through: never what is meant
    if (options.schemes.length === 0) throw new TypeError('Expected option `schemes` to name at least one scheme');
    schemes = new Set(options.schemes.map((s) => s.toLowerCase()));
  }
  const hyphen = options.hyphen ?? 'keep';
  if (hyphen !== 'keep' && hyphen !== 'drop') {
    throw new TypeError(`Expected option \`hyphen\` to be 'keep' or 'drop', got ${JSON.stringify(hyphen)}`);
  }
  const maxWrapperLength = options.maxWrapperLength ?? 4096;
  if (!Number.isInteger(maxWrapperLength) || maxWrapperLength < 8) {
    throw new TypeError('Expected option `maxWrapperLength` to be an integer of at least 8');
  }
  return {
    schemes,
    schemeless: booleanOption(options.schemeless, 'schemeless'),
    emails: booleanOption(options.emails, 'emails'),
    hyphen,
    strict: booleanOption(options.strict, 'strict'),
    maxWrapperLength,
  };
}
