/**
 * Is a host private (`--exclude-private`)? The host as the URL standard
 * writes it (`new URL(x).hostname`: IPv4 in dotted decimal whatever form it
 * was written in, IPv6 in brackets, compressed): `localhost` and names under
 * `.localhost`, and addresses that are loopback, private (RFC 1918, unique
 * local fc00::/7), link-local or unspecified. Names are not looked up: a
 * public name that resolves to a private address is checked.
 */

/** IPv4 ranges as [first octet, second octet from, second octet to] (the second octet's range; 0–255: any). */
const privateIpv4: readonly (readonly [number, number, number])[] = [
  [0, 0, 255], // "this network", 0.0.0.0/8
  [10, 0, 255], // RFC 1918
  [127, 0, 255], // loopback
  [169, 254, 254], // link-local
  [172, 16, 31], // RFC 1918
  [192, 168, 168], // RFC 1918
];

const dottedQuad = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function isPrivateIpv4(host: string): boolean {
  const match = dottedQuad.exec(host);
  if (match === null) return false;
  const first = Number(match[1]);
  const second = Number(match[2]);
  return privateIpv4.some(([octet, from, to]) => first === octet && second >= from && second <= to);
}

/** The eight 16-bit groups of an IPv6 address (without brackets), or undefined. */
export function ipv6Groups(address: string): number[] | undefined {
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (part: string): number[] | undefined => {
    if (part === '') return [];
    const groups: number[] = [];
    for (const piece of part.split(':')) {
      const quad = dottedQuad.exec(piece);
      if (quad !== null) {
        const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
        groups.push(a * 256 + b, c * 256 + d);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) groups.push(Number.parseInt(piece, 16));
      else return undefined;
    }
    return groups;
  };
  const head = groupsOf(halves[0] as string);
  const tail = halves.length === 2 ? groupsOf(halves[1] as string) : [];
  if (head === undefined || tail === undefined) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

/** The top bits of a 16-bit group, for prefix tests. */
const group = (hex: string) => Number.parseInt(hex, 16);
/** fc00::/7, unique local: the first 7 bits. */
const fc00Mask = group('fe00');
const fc00 = group('fc00');
/** fe80::/10, link-local: the first 10 bits. */
const fe80Mask = group('ffc0');
const fe80 = group('fe80');
/** ::ffff:a.b.c.d, an IPv4 address in IPv6. */
const ipv4Mapped = group('ffff');

function isPrivateIpv6(address: string): boolean {
  const groups = ipv6Groups(address);
  if (groups === undefined) return false;
  const first = groups[0] as number;
  const zeroUpTo = (n: number) => groups.slice(0, n).every((group) => group === 0);
  if (zeroUpTo(7) && (groups[7] === 0 || groups[7] === 1)) return true; // :: and ::1
  if ((first & fc00Mask) === fc00 || (first & fe80Mask) === fe80) return true;
  if (zeroUpTo(5) && groups[5] === ipv4Mapped) {
    const high = groups[6] as number;
    const low = groups[7] as number;
    return isPrivateIpv4(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  return false;
}

/** Is `hostname` (as `URL.hostname` gives it) private, loopback, link-local or `localhost`? */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host.startsWith('[') && host.endsWith(']')) return isPrivateIpv6(host.slice(1, -1));
  return isPrivateIpv4(host);
}
