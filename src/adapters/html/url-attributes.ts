/**
 * Which attributes hold URLs, on which elements, and how their value is
 * read: one URL, a `srcset` list of candidates, or a `ping` list. One table
 * for every use of HTML (files, mail parts, Markdown `html` nodes).
 * `<meta>` is read apart (`meta-content.ts`): its URL depends on other
 * attributes.
 */

/** How an attribute's value holds its URLs. */
export const valueKinds = ['url', 'srcset', 'list'] as const;
export type ValueKind = (typeof valueKinds)[number];

/** attribute → element → kind. Element and attribute names are lower case. */
const entries: Readonly<Record<string, Readonly<Record<string, ValueKind>>>> = {
  href: { a: 'url', area: 'url', link: 'url', base: 'url' },
  src: {
    img: 'url',
    script: 'url',
    iframe: 'url',
    frame: 'url',
    audio: 'url',
    video: 'url',
    source: 'url',
    track: 'url',
    embed: 'url',
    input: 'url',
  },
  srcset: { img: 'srcset', source: 'srcset' },
  imagesrcset: { link: 'srcset' },
  action: { form: 'url' },
  formaction: { button: 'url', input: 'url' },
  cite: { blockquote: 'url', q: 'url', del: 'url', ins: 'url' },
  data: { object: 'url' },
  poster: { video: 'url' },
  background: { body: 'url', table: 'url', td: 'url', th: 'url' },
  longdesc: { img: 'url', frame: 'url', iframe: 'url' },
  manifest: { html: 'url' },
  ping: { a: 'list', area: 'list' },
  // obsolete, still in old pages
  codebase: { object: 'url', applet: 'url' },
  classid: { object: 'url' },
  profile: { head: 'url' },
  icon: { command: 'url' },
  pluginspage: { embed: 'url' },
};

/** attribute → element → kind, in Maps: no name in the input can reach an object's prototype. */
const table: ReadonlyMap<string, ReadonlyMap<string, ValueKind>> = new Map(
  Object.entries(entries).map(([attribute, elements]) => [attribute, new Map(Object.entries(elements))]),
);

/**
 * element → a bit `1 << n` for each length `n` of its URL attributes' names
 * (up to 31): an attribute whose name's length has no bit is not read.
 */
const nameLengths: ReadonlyMap<string, number> = (() => {
  const lengths = new Map<string, number>();
  for (const [attribute, byElement] of table) {
    for (const element of byElement.keys()) lengths.set(element, (lengths.get(element) ?? 0) | lengthBit(attribute.length));
  }
  return lengths;
})();

/** The bit of a name's length in a mask of `nameLengths` (every length past 31 shares bit 31). */
export function lengthBit(length: number): number {
  return 1 << Math.min(length, 31);
}

/**
 * The lengths of `element`'s URL attributes' names, as bits (`lengthBit`):
 * 0 when it has none (most tags, `div`, `span`, `p`: their attributes are
 * not read). A tag's other attribute names need not be read.
 */
export function urlAttributeLengths(element: string): number {
  return nameLengths.get(element) ?? 0;
}

/** How `attribute` of `element` holds URLs, or undefined when it holds none. */
// rule: html-url-attributes
export function urlAttributeKind(element: string, attribute: string): ValueKind | undefined {
  return table.get(attribute)?.get(element);
}

/** Every `element attribute` pair the table knows, with its kind (for tests). */
export function urlAttributeList(): ReadonlyArray<[pair: string, kind: ValueKind]> {
  return [...table].flatMap(([attribute, elements]) => [...elements].map(([element, kind]): [string, ValueKind] => [`${element} ${attribute}`, kind]));
}
