/**
 * The targets of fragments in HTML, read as the text comes: the `id` of any
 * element and the `name` of an `<a>` (HTML § scrolling to a fragment).
 * htmlparser2's streaming parser, no tree: memory follows the ids found.
 */
import { Parser } from 'htmlparser2';

export class HtmlAnchors {
  private readonly parser: Parser;
  private tag = '';

  /** @param onAnchor Told each id or name as it is found. */
  constructor(onAnchor: (anchor: string) => void) {
    this.parser = new Parser(
      {
        onopentagname: (name) => {
          this.tag = name;
        },
        onattribute: (name, value) => {
          if (value === '') return;
          if (name === 'id' || (name === 'name' && this.tag === 'a')) onAnchor(value);
        },
      },
      { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
    );
  }

  write(text: string): void {
    this.parser.write(text);
  }

  end(): void {
    this.parser.end();
  }
}

/** Every id and `<a name>` of a whole HTML text. */
export function htmlAnchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const reader = new HtmlAnchors((anchor) => anchors.add(anchor));
  reader.write(text);
  reader.end();
  return anchors;
}
