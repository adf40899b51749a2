/**
 * Schemes that start a bare URL in running text. A bare URL needs one of these
 * followed by `:`; any other scheme starts one only when `//` follows its
 * colon, and is found inside `<URL:...>` wrappers.
 *
 * `hierarchical` schemes follow RFC 1738 §3.1 (`//` then a host): in running
 * text they are URLs only with a host after the `//` (`file` may have an empty
 * one).
 */
import { codes } from '../decode/character-codes.js';
import { asciiLowerCase } from './character-classes.js';

export interface KnownScheme {
  readonly hierarchical: boolean;
  /** May the host after `//` be empty (`file:///etc/motd`)? */
  readonly emptyHost?: boolean;
  /** Does a backslash after the host belong to the URL (a Windows path: `file://server\share`)? */
  readonly windowsPaths?: boolean;
  /** Is the URL an e-mail address, with its `@` (`mailto:`)? */
  readonly address?: boolean;
}

// rule: bare-known-schemes
export const knownSchemes: Readonly<Record<string, KnownScheme>> = {
  // RFC 1738 §3
  ftp: { hierarchical: true },
  http: { hierarchical: true },
  gopher: { hierarchical: true },
  mailto: { hierarchical: false, address: true },
  news: { hierarchical: false },
  nntp: { hierarchical: true },
  telnet: { hierarchical: true },
  wais: { hierarchical: true },
  file: { hierarchical: true, emptyHost: true, windowsPaths: true },
  prospero: { hierarchical: true },
  // documented extension: http over TLS
  https: { hierarchical: true },
  // common registered schemes (IANA)
  ftps: { hierarchical: true },
  sftp: { hierarchical: true },
  ssh: { hierarchical: true },
  git: { hierarchical: true },
  svn: { hierarchical: true },
  rsync: { hierarchical: true },
  irc: { hierarchical: true },
  ircs: { hierarchical: true },
  ldap: { hierarchical: true },
  ldaps: { hierarchical: true },
  smb: { hierarchical: true },
  nfs: { hierarchical: true },
  ws: { hierarchical: true },
  wss: { hierarchical: true },
  webcal: { hierarchical: true },
  tel: { hierarchical: false },
  sip: { hierarchical: false },
  sips: { hierarchical: false },
  xmpp: { hierarchical: false },
  urn: { hierarchical: false },
  magnet: { hierarchical: false },
};

/**
 * Registered schemes (IANA) whose names end in a known one: a word of letters
 * glued to a known scheme (`greathttps://`) is read as a missing space, but
 * these are read whole.
 */
export const registeredEndingInKnown: ReadonlySet<string> = new Set(['dhttp', 'shttp', 'tftp', 'xftp', 'snews']);

/** Longest known scheme name: how far back from a `:` the scanner looks. */
export const maxKnownSchemeLength = Math.max(...Object.keys(knownSchemes).map((name) => name.length));

/** Shortest known scheme name. */
export const minKnownSchemeLength = Math.min(...Object.keys(knownSchemes).map((name) => name.length));

/** A small-integer hash of a scheme name's codes, letters folded to lower case (a Map keyed by it stays fast). */
function hashOf(text: string, from: number, to: number): number {
  let hash = 0;
  for (let i = from; i < to; i++) hash = (Math.imul(hash, 31) + asciiLowerCase(text.charCodeAt(i))) | 0;
  return hash;
}

const byHash = new Map<number, { readonly name: string; readonly scheme: KnownScheme }>();
for (const [name, scheme] of Object.entries(knownSchemes)) {
  const hash = hashOf(name, 0, name.length);
  if (byHash.has(hash)) throw new Error(`known schemes ${name} and ${byHash.get(hash)?.name} share a hash`);
  byHash.set(hash, { name, scheme });
}

/**
 * The known scheme spelled by `text.slice(from, to)` in any case, if any,
 * without making a string: found by its hash, then compared character by
 * character.
 */
export function knownSchemeIn(text: string, from: number, to: number): KnownScheme | undefined {
  if (to - from < minKnownSchemeLength || to - from > maxKnownSchemeLength) return undefined;
  const entry = byHash.get(hashOf(text, from, to));
  if (entry === undefined || entry.name.length !== to - from) return undefined;
  for (let i = from; i < to; i++) if (asciiLowerCase(text.charCodeAt(i)) !== entry.name.charCodeAt(i - from)) return undefined;
  return entry.scheme;
}

/**
 * The last two letters of every known scheme, as a 26×26 table: a colon
 * whose two letters before it end no known scheme ("Note:", "Subject:") is
 * passed over without looking further back.
 */
const endings = new Uint8Array(26 * 26);
for (const name of Object.keys(knownSchemes)) {
  endings[letterIndex(name.charCodeAt(name.length - 2)) * 26 + letterIndex(name.charCodeAt(name.length - 1))] = 1;
}

/** The same for the known schemes that are not hierarchical: the only ones a `:` without `/` after it can end. */
const opaqueEndings = new Uint8Array(26 * 26);
for (const [name, scheme] of Object.entries(knownSchemes)) {
  if (scheme.hierarchical) continue;
  opaqueEndings[letterIndex(name.charCodeAt(name.length - 2)) * 26 + letterIndex(name.charCodeAt(name.length - 1))] = 1;
}

/** The first two letters of every known scheme, the same way (`URL` counts too: `<URL:`). */
const beginnings = new Uint8Array(26 * 26);
for (const name of [...Object.keys(knownSchemes), 'url']) {
  beginnings[letterIndex(name.charCodeAt(0)) * 26 + letterIndex(name.charCodeAt(1))] = 1;
}

/** Could the characters `first`, `second` begin a known scheme name or `URL` (any case)? */
export function mayBeginKnownScheme(first: number, second: number): boolean {
  const a = letterIndex(first);
  const b = letterIndex(second);
  return a >= 0 && b >= 0 && beginnings[a * 26 + b] === 1;
}

/** 0..25 for a letter of either case; anything else gives -1. */
function letterIndex(code: number): number {
  const lower = code | (codes.lowercaseA - codes.uppercaseA);
  return lower >= codes.lowercaseA && lower <= codes.lowercaseZ ? lower - codes.lowercaseA : -1;
}

/**
 * The character after a colon at the end of the text, for
 * `mayEndKnownSchemeBefore`: a number that is no character (NaN, what a read
 * past the end gives, would make the optimized callers be thrown away the
 * first time it comes).
 */
export const noCharacter = -1;

/**
 * Could the `:` at `colon` in `text` end a known scheme (any case), given
 * the character after it? `beforeLast` and `last` are the two characters
 * before the colon, `next` the one after it: only a scheme that needs no
 * `//` can be followed by anything but `/` (`mailto:`, `news:`), so
 * `x.y-http:x` is passed over as quickly as `Note:`. A `next` of
 * `noCharacter` (the text ends there) may still be anything.
 */
export function mayEndKnownSchemeBefore(beforeLast: number, last: number, next: number): boolean {
  const a = letterIndex(beforeLast);
  const b = letterIndex(last);
  if (a < 0 || b < 0) return false;
  if (next === codes.slash || next === noCharacter) return endings[a * 26 + b] === 1;
  return opaqueEndings[a * 26 + b] === 1;
}

/**
 * Could the two characters before a `:` end a known scheme that is not
 * hierarchical (`mailto:`, `news:`)? When they cannot, whatever scheme ends
 * there, known or written with `//`, needs a host after its `//`.
 */
export function mayEndOpaqueScheme(beforeLast: number, last: number): boolean {
  const a = letterIndex(beforeLast);
  const b = letterIndex(last);
  return a >= 0 && b >= 0 && opaqueEndings[a * 26 + b] === 1;
}

const byName = new Map(Object.entries(knownSchemes));

/** The known scheme for a (lower-case) name, if any. */
export function knownScheme(name: string): KnownScheme | undefined {
  return byName.get(name);
}
