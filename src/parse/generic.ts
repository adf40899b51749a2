/**
 * RFC 1738 §5 generic form, for schemes the RFC does not define.
 *
 * ```
 * otherurl    = genericurl
 * genericurl  = scheme ":" schemepart
 * schemepart  = *xchar | ip-schemepart
 * ```
 */
import { codes } from '../decode/character-codes.js';
import { xchar } from './character-classes.js';
import { checkCharacters } from './check-characters.js';
import { ipSchemeSyntax } from './common-internet-scheme.js';
import { createState, type ParseState, type SchemeSyntax } from './parse-state.js';

/** §5 `ip-schemepart = "//" login [ "/" urlpath ]`, with `urlpath = *xchar`. */
const ipSchemepart = ipSchemeSyntax({
  userinfo: true,
  port: true,
  emptyHost: false,
  urlPathRequired: false,
  readUrlPath: () => {},
  writeUrlPath: (parts) => parts.urlPath,
});

/**
 * §5 `schemepart = *xchar | ip-schemepart`. Every ip-schemepart is also
 * `*xchar`, so only `*xchar` decides validity. When the schemepart starts
 * with "//" and reads as an ip-schemepart without error, its user, password,
 * host, port and urlPath are added too.
 */
// rule: generic-url
function parseGenericUrl(state: ParseState, start: number, end: number): void {
  const { input, parts } = state;
  parts.schemepart = input.slice(start, end);
  checkCharacters(state, start, end, xchar);
  if (input.charCodeAt(start) === codes.slash && input.charCodeAt(start + 1) === codes.slash && start + 1 < end) {
    const reading = createState(input);
    ipSchemepart.parse(reading, start, end);
    if (reading.errors.length === 0) Object.assign(parts, reading.parts);
  }
}

/** §5 otherurl: `schemepart` (or, without it, an ip-schemepart from the login parts). */
export const otherUrl: SchemeSyntax = {
  parse: parseGenericUrl,
  format: (parts) => {
    if (parts.schemepart !== undefined) return parts.schemepart;
    return parts.host === undefined ? '' : ipSchemepart.format(parts);
  },
};
