/**
 * Start tags of raw HTML written in Markdown, read as a browser's tokenizer splits them: a quoted
 * attribute value is taken whole, so markup inside one (`title="<img src=x>"`) is not a tag.
 */
const START_TAG =
  /<([A-Za-z][^\s/>]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
/** One attribute: its name, what joins it to its value, and the value double-quoted, single-quoted or bare. */
const ATTRIBUTE = /([^\s"'>/=]+)(?:(\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export interface StartTag {
  /** In lower case. */
  name: string;
  /** Each attribute with a value, its name in lower case. */
  attributes: { name: string; value: string }[];
}

export function startTags(html: string): StartTag[] {
  return [...html.matchAll(START_TAG)].map((tag) => ({
    name: (tag[1] as string).toLowerCase(),
    attributes: [...(tag[2] ?? '').matchAll(ATTRIBUTE)].flatMap((attribute) =>
      attribute[2] === undefined
        ? []
        : [
            {
              name: (attribute[1] as string).toLowerCase(),
              value: attribute[3] ?? attribute[4] ?? attribute[5] ?? '',
            },
          ],
    ),
  }));
}

/**
 * The HTML with each attribute value of its start tags as `rewrite` gives it (by tag and attribute
 * name, both in lower case); a value it returns unchanged keeps its spelling.
 */
export function rewriteAttributes(
  html: string,
  rewrite: (tag: string, attribute: string, value: string) => string,
): string {
  return html.replace(START_TAG, (whole, tag: string, attributes: string) => {
    const rewritten = attributes.replace(
      ATTRIBUTE,
      (written, name: string, join?: string, double?: string, single?: string, bare?: string) => {
        if (join === undefined) return written;
        const value = double ?? single ?? bare ?? '';
        const next = rewrite(tag.toLowerCase(), name.toLowerCase(), value);
        if (next === value) return written;
        const quote = single === undefined ? '"' : "'";
        return `${name}${join}${quote}${next}${quote}`;
      },
    );
    return `<${tag}${rewritten}${whole.slice(1 + tag.length + attributes.length)}`;
  });
}
