/**
 * `//` and the start of a host, after the colon of a hierarchical scheme
 * (RFC 1738 §3.1), in a bare URL or a wrapper's content.
 *
 * ```markdown
 * > | http://<host>:<port>/     not a URL: a template
 *          ^ from here
 * > | ftp://@host.com/          a URL: empty user, then a host
 *         ^ from here
 * ```
 */
import { codes } from '../../decode/character-codes.js';
import { isAsciiAlphanumeric, isBareTerminator } from '../character-classes.js';

/** Does `text` hold `//` and the start of a host at `at`? `undefined` when it ends too soon to tell. */
export function hasHost(text: string, at: number, emptyHost: boolean): boolean | undefined {
  for (let k = 0; k < 2; k++) {
    const code = text.charCodeAt(at + k);
    if (Number.isNaN(code)) return undefined;
    if (code !== codes.slash) return false;
  }
  let code = text.charCodeAt(at + 2);
  if (Number.isNaN(code)) return undefined;
  if (emptyHost && code === codes.slash) return true;
  if (code === codes.atSign) {
    code = text.charCodeAt(at + 3);
    if (Number.isNaN(code)) return undefined;
  }
  return (
    isAsciiAlphanumeric(code) ||
    code === codes.percentSign ||
    code === codes.leftSquareBracket ||
    code === codes.underscore ||
    // an internationalized host name, reported invalid by the parser
    (code >= codes.noBreakSpace && !isBareTerminator(code))
  );
}
