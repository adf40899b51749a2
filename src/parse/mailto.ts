/**
 * RFC 1738 §3.5 MAILTO.
 *
 * ```
 * mailtourl      = "mailto:" encoded822addr
 * encoded822addr = 1*xchar               ; further defined in RFC822
 * ```
 *
 * urlsift checks the BNF only, not RFC 822's addr-spec: `mailto:postmaster`
 * is valid. "Within mailto URLs, there are no reserved characters."
 */
import { xchar } from './character-classes.js';
import { checkCharacters } from './check-characters.js';
import { report, type SchemeSyntax } from './parse-state.js';

/** §3.5 MAILTO: the whole scheme-specific part is the `address`. */
export const mailtoUrl: SchemeSyntax = {
  parse: (state, start, end) => {
    state.parts.address = state.input.slice(start, end);
    if (start === end) report(state, 'empty-address', start);
    checkCharacters(state, start, end, xchar);
  },
  format: (parts) => parts.address ?? '',
};
