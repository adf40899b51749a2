/**
 * RFC 1738 §3.5 MAILTO.
 *
 * ```
 * mailtourl      = "mailto:" encoded822addr
 * encoded822addr = 1*xchar               ; further defined in RFC822
 * ```
 *
 * "where <rfc822-addr-spec> is (the encoding of an) addr-spec, as specified in
 * RFC 822": urlsift checks the BNF, and that the address has its `@`
 * (`addr-spec = local-part "@" domain`; written `%40`, it is encoded), not
 * the rest of RFC 822: `mailto:postmaster` is `bad-address`. "Within mailto
 * URLs, there are no reserved characters."
 */
import { xchar } from './character-classes.js';
import { checkCharacters } from './check-characters.js';
import { report, type SchemeSyntax } from './parse-state.js';

/** Does `input[start..end)` hold an `@`, written or encoded (`%40`)? */
function hasAtSign(input: string, start: number, end: number): boolean {
  const at = input.indexOf('@', start);
  if (at !== -1 && at < end) return true;
  const encoded = input.slice(start, end).toLowerCase().indexOf('%40');
  return encoded !== -1;
}

/** §3.5 MAILTO: the whole scheme-specific part is the `address`. */
// rule: mailto-url
export const mailtoUrl: SchemeSyntax = {
  parse: (state, start, end) => {
    state.parts.address = state.input.slice(start, end);
    if (start === end) report(state, 'empty-address', start);
    else if (!hasAtSign(state.input, start, end)) report(state, 'bad-address', start);
    checkCharacters(state, start, end, xchar);
  },
  format: (parts) => parts.address ?? '',
};
