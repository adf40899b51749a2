/**
 * Heading slugs as GitHub makes them for the `id` of a heading in rendered
 * Markdown (and as github-slugger does): the heading's text in lower case,
 * with every character that is not a letter, a mark, a number, a connector
 * (`_`), a space or a hyphen removed, and each space turned into a hyphen.
 * A slug already given gets `-1`, `-2`… in the order of the document.
 * One pass over a character class: linear.
 */

/** What a slug keeps besides spaces, which become hyphens. */
const removed = /[^\p{L}\p{M}\p{N}\p{Pc} -]/gu;

/** The slug of one heading's text, without the counter for repeats. */
export function githubSlug(text: string): string {
  return text.toLowerCase().replace(removed, '').replaceAll(' ', '-');
}

/** Slugs of the headings of one document, in order: repeats get a counter, as on GitHub. */
export class Slugger {
  private readonly seen = new Map<string, number>();

  slug(text: string): string {
    const base = githubSlug(text);
    let slug = base;
    let count = this.seen.get(base) ?? 0;
    while (this.seen.has(slug)) {
      count++;
      slug = `${base}-${count}`;
    }
    this.seen.set(base, count);
    if (slug !== base) this.seen.set(slug, 0);
    return slug;
  }
}
