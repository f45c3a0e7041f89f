/**
 * The Markdown twin of a page the site's own generator wrote and whose source Folio does not have:
 * its main content (`<main>`, else the first `<article>`, else `<body>`, else the whole document)
 * converted at build time by Turndown, under the front matter every twin has (its title, from
 * `<title>` or the first `<h1>`, its language, from `<html lang>`, and its canonical URL).
 */
import { Parser } from 'htmlparser2';
import TurndownService from 'turndown';
import { frontMatter } from './page.ts';

/** The elements whose content is the page's own, best first. */
const MAIN_ELEMENTS = ['main', 'article', 'body'] as const;
type MainElement = (typeof MAIN_ELEMENTS)[number];

/** What a page's HTML says of itself, read in one pass. */
export interface PageFacts {
  title: string;
  lang: string | undefined;
  /** The first of each main element's inner HTML, as offsets into the document. */
  inner: Partial<Record<MainElement, [start: number, end: number]>>;
}

export function pageFacts(html: string): PageFacts {
  const facts: PageFacts = { title: '', lang: undefined, inner: {} };
  const open = new Map<MainElement, { start: number; depth: number }>();
  let inTitle = false;
  let heading = '';
  let inHeading = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'html') facts.lang = attributes.lang;
        if (name === 'title') inTitle = true;
        if (name === 'h1' && heading === '') inHeading = true;
        const main = MAIN_ELEMENTS.find((element) => element === name);
        if (!main || facts.inner[main]) return;
        const opened = open.get(main);
        if (opened) opened.depth++;
        else open.set(main, { start: parser.endIndex + 1, depth: 1 });
      },
      ontext(text) {
        if (inTitle) facts.title += text;
        if (inHeading) heading += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (name === 'h1') inHeading = false;
        const main = MAIN_ELEMENTS.find((element) => element === name);
        const opened = main && open.get(main);
        if (!main || !opened || --opened.depth > 0) return;
        facts.inner[main] = [opened.start, parser.startIndex];
        open.delete(main);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  facts.title = (facts.title.trim() || heading.trim()).replace(/\s+/g, ' ');
  return facts;
}

const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
});
turndown.remove(['script', 'style', 'noscript', 'template']);

/** The twin of the page at `url` (absolute) whose HTML is `html`, in `lang`. */
export function convertedTwin(html: string, facts: PageFacts, url: string, lang: string): string {
  const range = MAIN_ELEMENTS.map((element) => facts.inner[element]).find(Boolean);
  const main = range ? html.slice(...range) : html;
  const fields = { title: facts.title, language: lang, canonical: url };
  return `${frontMatter(fields)}\n\n${turndown.turndown(main).trim()}\n`;
}
