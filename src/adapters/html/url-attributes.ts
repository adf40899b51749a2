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

/** Elements with at least one URL attribute. */
const elements: ReadonlySet<string> = new Set([...table.values()].flatMap((byElement) => [...byElement.keys()]));

/** Has `element` any URL attribute? (Most tags, `div`, `span`, `p`, have none: their attributes are not read.) */
export function hasUrlAttributes(element: string): boolean {
  return elements.has(element);
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
