/**
 * RFC 1738 §3.1 Common Internet Scheme Syntax, shared by the ip-based schemes:
 *
 * ```
 * //<user>:<password>@<host>:<port>/<url-path>
 * ```
 *
 * §5: `ip-schemepart = "//" login [ "/" urlpath ]`. Each scheme module gives
 * the rules that differ (may it have a user name? must a url-path follow?) and
 * reads its own url-path; this module does the rest.
 */
import { codes } from '../decode/character-codes.js';
import { alpha, alphadigit, charSet, digit, inSet, uchar } from './character-classes.js';
import {
  checkCharacters,
  checkToken,
  digitsValue,
  indexOfCode,
  lastIndexOfCode,
  tokenHadForbiddenOnly,
  tokenOk,
} from './check-characters.js';
import { createState, report, type ParseState, type SchemeSyntax } from './parse-state.js';
import type { UrlParts } from './parsed-url.js';

/** §5 `user = *[ uchar | ";" | "?" | "&" | "=" ]`. */
const user = charSet(uchar, ';?&=');
/** §5 `password = *[ uchar | ";" | "?" | "&" | "=" ]`: the same as `user`. */
const password = user;
/** The characters of §5 `domainlabel` and `toplabel`. */
const labelChar = charSet(alphadigit, '-');
/** The characters of §5 `hostnumber`. */
const hostnumberChar = charSet(digit, '.');

/** The largest TCP/UDP port number. */
const maxPort = 65_535;
/** §5 `hostnumber`: four digit groups. */
const hostnumberGroups = 4;

/** What `readUrlPath` receives as `start` when the URL has no "/" after the host. */
export const noUrlPath = -1;

/** What sets one ip-based scheme apart (§3.2 to §3.11). */
export interface IpSchemeRules {
  /** True when the BNF has `login` (user and password allowed), false for `hostport`. */
  readonly userinfo: boolean;
  /** True when ":" port may follow the host (false for file, whose BNF has `host`). */
  readonly port: boolean;
  /** True when the host may be empty (file). */
  readonly emptyHost: boolean;
  /** True when "/" and a url-path must follow the host (nntp, wais, file, prospero). */
  readonly urlPathRequired: boolean;
  /**
   * Read the url-path `input[start..end)` (after the "/") into the scheme's own
   * parts. `start` is {@link noUrlPath} when the URL has none.
   */
  readonly readUrlPath: (state: ParseState, start: number, end: number) => void;
  /**
   * Write the url-path (without its "/") from the scheme's own parts, or
   * `undefined` when there is none. Used by `format` when `parts.urlPath` is
   * absent or no longer matches those parts.
   */
  readonly writeUrlPath: (parts: UrlParts) => string | undefined;
}

/** Parts common to every ip-based scheme (and the fragment), not read from the url-path. */
const commonKeys: ReadonlySet<string> = new Set([
  'user',
  'password',
  'host',
  'port',
  'urlPath',
  'fragment',
  'defaultPort',
]);

/** The syntax of one ip-based scheme, from its rules. */
export function ipSchemeSyntax(rules: IpSchemeRules): SchemeSyntax {
  return {
    parse: (state, start, end) => {
      parseIpSchemepart(state, start, end, rules);
    },
    format: (parts) => formatIpSchemepart(parts, rules),
  };
}

/**
 * §5 `ip-schemepart = "//" login [ "/" urlpath ]`.
 *
 * Without "//", reads on leniently: `http:host/x` as if `http://host/x`, and
 * `file:/etc/motd` as a url-path with no host.
 */
// rule: common-internet-scheme
// rule: lenient-parts
function parseIpSchemepart(state: ParseState, start: number, end: number, rules: IpSchemeRules): void {
  const { input } = state;
  let loginStart = start;
  if (end - start >= 2 && input.charCodeAt(start) === codes.slash && input.charCodeAt(start + 1) === codes.slash) {
    loginStart = start + 2;
  } else {
    report(state, 'missing-double-slash', start);
    if (start < end && input.charCodeAt(start) === codes.slash) {
      readUrlPathAfter(state, start, end, rules);
      return;
    }
  }
  const loginEnd = indexOfCode(input, codes.slash, loginStart, end);
  readLogin(state, loginStart, loginEnd, rules);
  readUrlPathAfter(state, loginEnd, end, rules);
}

/**
 * §3.1 url-path: "the "/" between the host (or port) and the url-path is NOT
 * part of the url-path". `slash` is the index of that "/", or `end`.
 */
function readUrlPathAfter(state: ParseState, slash: number, end: number, rules: IpSchemeRules): void {
  if (slash === end) {
    if (rules.urlPathRequired) report(state, 'missing-url-path', end);
    rules.readUrlPath(state, noUrlPath, end);
    return;
  }
  state.parts.urlPath = state.input.slice(slash + 1, end);
  rules.readUrlPath(state, slash + 1, end);
}

/**
 * §5 `login = [ user [ ":" password ] "@" ] hostport`.
 *
 * §3.1: "Within the user and password field, any ":", "@", or "/" must be
 * encoded", so the last "@" ends the password (an unencoded "@" before it is
 * reported) and the first ":" ends the user name.
 */
function readLogin(state: ParseState, start: number, end: number, rules: IpSchemeRules): void {
  const { input, parts } = state;
  const at = lastIndexOfCode(input, codes.atSign, start, end);
  let hostportStart = start;
  if (at !== -1) {
    if (!rules.userinfo) report(state, 'userinfo-not-allowed', start);
    const colon = indexOfCode(input, codes.colon, start, at);
    parts.user = input.slice(start, colon);
    checkCharacters(state, start, colon, user);
    if (colon < at) {
      parts.password = input.slice(colon + 1, at);
      checkCharacters(state, colon + 1, at, password);
    }
    hostportStart = at + 1;
  }
  readHostport(state, hostportStart, end, rules);
}

/** §5 `hostport = host [ ":" port ]`. */
function readHostport(state: ParseState, start: number, end: number, rules: IpSchemeRules): void {
  const { input, parts } = state;
  const colon = indexOfCode(input, codes.colon, start, end);
  parts.host = input.slice(start, colon);
  readHost(state, start, colon, rules.emptyHost);
  if (colon < end) {
    if (!rules.port) report(state, 'port-not-allowed', colon);
    readPort(state, colon + 1, end);
  }
}

/**
 * §5 `host = hostname | hostnumber`. §3.1: "The rightmost domain label will
 * never start with a digit, though, which syntactically distinguishes all
 * domain names from the IP addresses."
 */
// rule: host-grammar
export function readHost(state: ParseState, start: number, end: number, emptyAllowed: boolean): void {
  if (start === end) {
    if (!emptyAllowed) report(state, 'missing-host', start);
    return;
  }
  const lastDot = lastIndexOfCode(state.input, codes.dot, start, end);
  const topLabelStart = lastDot === -1 ? start : lastDot + 1;
  if (topLabelStart < end && inSet(digit, state.input.charCodeAt(topLabelStart))) {
    readHostnumber(state, start, end);
  } else {
    readHostname(state, start, end);
  }
}

/** §5 `hostname = *[ domainlabel "." ] toplabel`. */
function readHostname(state: ParseState, start: number, end: number): void {
  let labelStart = start;
  for (;;) {
    const labelEnd = indexOfCode(state.input, codes.dot, labelStart, end);
    readDomainLabel(state, labelStart, labelEnd, labelEnd === end);
    if (labelEnd === end) return;
    labelStart = labelEnd + 1;
  }
}

/**
 * §5 `domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit`,
 * `toplabel = alpha | alpha *[ alphadigit | "-" ] alphadigit`. One
 * `bad-host-label` per label, at its first offending character.
 */
function readDomainLabel(state: ParseState, start: number, end: number, isTopLabel: boolean): void {
  const other = checkToken(state, start, end, labelChar, true);
  if (other === tokenHadForbiddenOnly) return;
  const { input } = state;
  const first = input.charCodeAt(start);
  let bad = other;
  if (start === end || first === codes.dash || (isTopLabel && !inSet(alpha, first) && inSet(labelChar, first))) {
    bad = start;
  } else if (other === tokenOk && input.charCodeAt(end - 1) === codes.dash) {
    bad = end - 1;
  }
  if (bad !== tokenOk) report(state, 'bad-host-label', bad);
}

/** §5 `hostnumber = digits "." digits "." digits "." digits`. */
function readHostnumber(state: ParseState, start: number, end: number): void {
  const other = checkToken(state, start, end, hostnumberChar);
  if (other === tokenHadForbiddenOnly) return;
  if (other !== tokenOk) {
    report(state, 'bad-host-number', other);
    return;
  }
  const { input } = state;
  let groupCount = 0;
  let groupStart = start;
  for (let index = start; index <= end; index++) {
    if (index < end && input.charCodeAt(index) !== codes.dot) continue;
    // A group of digits ends at `index`.
    if (index === groupStart || (groupCount === hostnumberGroups - 1 && index < end)) {
      report(state, 'bad-host-number', index);
      return;
    }
    groupCount++;
    groupStart = index + 1;
  }
  if (groupCount < hostnumberGroups) report(state, 'bad-host-number', start);
}

/**
 * §5 `port = digits`. §3.1: "The port number to connect to"; urlsift also
 * reports a number above 65535 (`port-out-of-range`), which no port can be.
 */
// rule: port-grammar
function readPort(state: ParseState, start: number, end: number): void {
  if (start === end) {
    report(state, 'port-not-digits', start);
    return;
  }
  const other = checkToken(state, start, end, digit);
  if (other >= 0) report(state, 'port-not-digits', other);
  if (other !== tokenOk) return;
  const value = digitsValue(state.input, start, end);
  if (value === undefined || value > maxPort) report(state, 'port-out-of-range', start);
  if (value !== undefined) state.parts.port = value;
}

/** Write §5 `ip-schemepart` back: "//", the login, then "/" and the url-path when present. */
function formatIpSchemepart(parts: UrlParts, rules: IpSchemeRules): string {
  let text = '//' + formatLogin(parts);
  const urlPath =
    parts.urlPath !== undefined && urlPathAgrees(parts, parts.urlPath, rules)
      ? parts.urlPath
      : rules.writeUrlPath(parts);
  if (urlPath !== undefined) text += '/' + urlPath;
  return text;
}

/** Write §5 `login` back. A password without a user name is written with an empty one. */
function formatLogin(parts: UrlParts): string {
  let text = '';
  if (parts.user !== undefined || parts.password !== undefined) {
    text += parts.user ?? '';
    if (parts.password !== undefined) text += ':' + parts.password;
    text += '@';
  }
  text += parts.host ?? '';
  if (parts.port !== undefined) text += ':' + String(parts.port);
  return text;
}

/**
 * True when reading `urlPath` gives exactly the scheme's own parts in `parts`:
 * then `format` writes `urlPath` as it is (keeping what a reading loses, such
 * as leading zeros or the order of Prospero fields); otherwise the parts were
 * changed and are written instead.
 */
function urlPathAgrees(parts: UrlParts, urlPath: string, rules: IpSchemeRules): boolean {
  const reading = createState(urlPath);
  rules.readUrlPath(reading, 0, urlPath.length);
  const read = reading.parts as Readonly<Record<string, unknown>>;
  const given = parts as Readonly<Record<string, unknown>>;
  for (const key of Object.keys(read)) {
    if (!samePart(read[key], given[key])) return false;
  }
  for (const key of Object.keys(given)) {
    if (!commonKeys.has(key) && !(key in read) && given[key] !== undefined) return false;
  }
  return true;
}

/** Equality of two part values: strings, numbers, string arrays, string records. */
function samePart(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((value, index) => value === b[index]);
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const aRecord = a as Readonly<Record<string, unknown>>;
    const bRecord = b as Readonly<Record<string, unknown>>;
    const keys = Object.keys(aRecord);
    return (
      keys.length === Object.keys(bRecord).length &&
      keys.every((key) => Object.hasOwn(bRecord, key) && aRecord[key] === bRecord[key])
    );
  }
  return false;
}
