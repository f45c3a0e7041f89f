/**
 * Start tags of raw HTML written in Markdown, read by htmlparser2's tokenizer as a browser splits
 * them: a quoted attribute value is taken whole (`title="a > b"`, `title="<img src=x>"` is no tag),
 * character references in values are decoded, and the text of `<script>`, `<style>` and
 * `<textarea>` holds no tags.
 */
import { Parser } from 'htmlparser2';

export interface StartTag {
  /** In lower case. */
  name: string;
  /** Each attribute with a value, its name in lower case. */
  attributes: { name: string; value: string }[];
}

/** One attribute with a value as it is written: its quote (null when bare) and where it is. */
interface WrittenAttribute {
  name: string;
  value: string;
  quote: '"' | "'" | null;
  start: number;
  end: number;
}

/** The start tags of `html`, in order, each with its attributes that have a value. */
function writtenTags(html: string): { name: string; attributes: WrittenAttribute[] }[] {
  const tags: { name: string; attributes: WrittenAttribute[] }[] = [];
  const parser = new Parser(
    {
      onopentagname(name) {
        tags.push({ name, attributes: [] });
      },
      onattribute(name, value, quote) {
        // An attribute without a value (`checked`) has no quote at all: undefined, not null.
        if (quote === undefined) return;
        const mark = quote === '"' || quote === "'" ? quote : null;
        const written: WrittenAttribute = {
          name,
          value,
          quote: mark,
          start: parser.startIndex,
          end: parser.endIndex,
        };
        tags.at(-1)?.attributes.push(written);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return tags;
}

export function startTags(html: string): StartTag[] {
  if (!html.includes('<')) return [];
  return writtenTags(html).map(({ name, attributes }) => ({
    name,
    attributes: attributes.map((attribute) => ({ name: attribute.name, value: attribute.value })),
  }));
}

/**
 * The HTML with each attribute value of its start tags as `rewrite` gives it (by tag and attribute
 * name, both in lower case); a value it returns unchanged keeps its spelling, a new one is written
 * in the same quotes (double for a bare one), its `&` and quotes escaped.
 */
export function rewriteAttributes(
  html: string,
  rewrite: (tag: string, attribute: string, value: string) => string,
): string {
  if (!html.includes('<')) return html;
  let out = '';
  let at = 0;
  const attributes = writtenTags(html).flatMap((tag) =>
    tag.attributes.map((attribute) => ({ tag: tag.name, ...attribute })),
  );
  for (const { tag, name, value, quote, start, end } of attributes) {
    const next = rewrite(tag, name, value);
    if (next === value) continue;
    const written = html.slice(start, end);
    const nameAndJoin = /^[^=]*=\s*/.exec(written)?.[0] ?? `${name}=`;
    const mark = quote ?? '"';
    out += `${html.slice(at, start)}${nameAndJoin}${mark}${escapeValue(next, mark)}${mark}`;
    at = end;
  }
  return out + html.slice(at);
}

const escapeValue = (value: string, quote: '"' | "'") =>
  value.replace(/&/g, '&amp;').replace(quote === '"' ? /"/g : /'/g, quote === '"' ? '&quot;' : '&#39;');
