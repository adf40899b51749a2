/**
 * RFC 1738 §3.11 PROSPERO.
 *
 * ```
 * prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
 * ppath       = psegment *[ "/" psegment ]
 * psegment    = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
 * fieldspec   = ";" fieldname "=" fieldvalue
 * fieldname   = *[ uchar | "?" | ":" | "@" | "&" ]
 * fieldvalue  = *[ uchar | "?" | ":" | "@" | "&" ]
 * ```
 */
import { codes } from '../decode/character-codes.js';
import { charSet, uchar } from './character-classes.js';
import { checkCharacters, indexOfCode } from './check-characters.js';
import { ipSchemeSyntax, noUrlPath } from './common-internet-scheme.js';
import { report, type ParseState } from './parse-state.js';
import type { UrlParts } from './parsed-url.js';

/** §5 `psegment`. */
const psegment = charSet(uchar, '?:@&=');
/** §5 `ppath = psegment *[ "/" psegment ]`: the characters of a whole ppath. */
const ppath = charSet(psegment, '/');
/** §5 `fieldname` and `fieldvalue`. */
const fieldChar = charSet(uchar, '?:@&');

/** Set `fields[name]`, also for the name `__proto__` (which plain assignment would not add). */
function setField(fields: Record<string, string>, name: string, value: string): void {
  if (name === '__proto__') {
    Object.defineProperty(fields, name, { value, enumerable: true, writable: true, configurable: true });
  } else {
    fields[name] = value;
  }
}

/**
 * §3.11 url-path: `<hsoname>;<field>=<value>`. "The semicolon ";" is reserved
 * and may not appear without quoting in the <hsoname>"; "a slash "/" may
 * appear in the <hsoname> without quoting". A field named twice keeps its
 * last value.
 */
// rule: prospero-url
function readProsperoUrlPath(state: ParseState, start: number, end: number): void {
  if (start === noUrlPath) return;
  const { input, parts } = state;
  const hsonameEnd = indexOfCode(input, codes.semicolon, start, end);
  parts.hsoname = input.slice(start, hsonameEnd);
  checkCharacters(state, start, hsonameEnd, ppath);
  if (hsonameEnd === end) return;

  const fields: Record<string, string> = {};
  let fieldspecStart = hsonameEnd;
  while (fieldspecStart < end) {
    // §5 fieldspec = ";" fieldname "=" fieldvalue
    const nameStart = fieldspecStart + 1;
    const fieldspecEnd = indexOfCode(input, codes.semicolon, nameStart, end);
    const equalsSign = indexOfCode(input, codes.equalsSign, nameStart, fieldspecEnd);
    if (equalsSign === fieldspecEnd) report(state, 'bad-fieldspec', fieldspecStart);
    checkCharacters(state, nameStart, equalsSign, fieldChar);
    const valueStart = Math.min(equalsSign + 1, fieldspecEnd);
    checkCharacters(state, valueStart, fieldspecEnd, fieldChar);
    setField(fields, input.slice(nameStart, equalsSign), input.slice(valueStart, fieldspecEnd));
    fieldspecStart = fieldspecEnd;
  }
  parts.fields = fields;
}

/** Write §3.11 url-path back. */
function writeProsperoUrlPath(parts: UrlParts): string | undefined {
  if (parts.hsoname === undefined && parts.fields === undefined) return parts.urlPath;
  let text = parts.hsoname ?? '';
  for (const [name, value] of Object.entries(parts.fields ?? {})) text += ';' + name + '=' + value;
  return text;
}

/** §3.11 PROSPERO: "No username or password is allowed"; the url-path is required. */
export const prosperoUrl = ipSchemeSyntax({
  userinfo: false,
  port: true,
  emptyHost: false,
  urlPathRequired: true,
  readUrlPath: readProsperoUrlPath,
  writeUrlPath: writeProsperoUrlPath,
});
