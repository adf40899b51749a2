/**
 * `mailto:` URLs are checked without the network: each address (RFC 6068
 * allows several, separated by commas, before `?`) must look like
 * `local-part@domain`, with a domain of dot-separated labels of letters,
 * digits and hyphens, or an address literal in brackets. No mail is sent
 * and no DNS asked.
 */
import { checkError, type CheckError } from './check-error-codes.js';

const label = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const localPart = /^[^\s@<>()[\]\\,;:"]+$|^"[^"\\\r\n]*"$/u;

function isDomain(domain: string): boolean {
  if (domain.startsWith('[') && domain.endsWith(']')) return domain.length > 2;
  const labels = domain.replace(/\.$/, '').split('.');
  return domain.length <= 253 && labels.every((part) => label.test(part));
}

/** Is `address` (percent-decoded) a plausible e-mail address? */
export function isAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return false;
  return localPart.test(address.slice(0, at)) && isDomain(address.slice(at + 1));
}

/** The problem of a `mailto:` URL, or undefined when each address is fine. */
export function mailtoProblem(url: string): CheckError | undefined {
  const body = url.slice(url.indexOf(':') + 1);
  const question = body.indexOf('?');
  const to = question === -1 ? body : body.slice(0, question);
  let decoded: string;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return checkError('bad-address', `${JSON.stringify(to)} has a broken % escape`);
  }
  const addresses = decoded.split(',').map((address) => address.trim());
  // `mailto:?to=a@b` names its addresses in the query: those are read instead
  if (decoded.trim() === '' && question !== -1) {
    const query = new URLSearchParams(body.slice(question + 1));
    const more = query.getAll('to').flatMap((value) => value.split(',').map((address) => address.trim()));
    if (more.length > 0) return more.every(isAddress) ? undefined : checkError('bad-address', more.filter((a) => !isAddress(a)).join(', '));
  }
  const bad = addresses.filter((address) => !isAddress(address));
  return bad.length === 0 ? undefined : checkError('bad-address', bad.map((address) => JSON.stringify(address)).join(', '));
}
