/**
 * The narrower indexes llms.txt links to, so that no file an agent is sent to grows with the
 * blog (progressive disclosure): one per language (its years and its series), one per year of a
 * language (its posts, newest first), a year too long for one file continued in numbered parts,
 * each part linking to the next. Every file is an llms.txt document: an H1, a blockquote, and
 * sections that are lists of `- [name](url): notes` links, each under LLMS_MAX_CHARS characters.
 */
import { markdownTwinPath } from '../../core/paths.ts';
import type { Lang, PostRecord, SiteData } from '../data/types.ts';
import { nativeName, uiText } from './i18n.ts';
import { type LlmsFullParts, llmsFullItems } from './llms-full.ts';

/** Agent-docs checkers pass an llms.txt under this many characters; fetch tools cut off past twice it. */
export const LLMS_MAX_CHARS = 50_000;
/** What a part's list of posts may take, leaving room for its heading, summary and links on. */
const PART_ITEMS_CHARS = LLMS_MAX_CHARS - 5_000;

export const llmsLanguagePath = (lang: Lang) => `/llms/${lang}.txt`;
export const llmsYearPath = (lang: Lang, year: string, part = 1) =>
  `/llms/${lang}/${year}${part === 1 ? '' : `-${part}`}.txt`;

/**
 * An llmstxt.org list item linking a page's twin: `- [title](url): description`, nothing between
 * the link and the colon, the title's brackets escaped so that they never end the link text.
 */
export const llmsItem = (page: { title: string; path: string; description: string }, baseUrl: string) =>
  `- [${oneLine(page.title).replace(/([\\[\]])/g, '\\$1')}](${baseUrl}${markdownTwinPath(page.path)}): ${oneLine(page.description)}`;

/** A list item stays one line whatever its text holds. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const yearOf = (post: PostRecord) => post.pubDate.slice(0, 4);

/** A language's posts by year, newest year first, each year's posts newest first (as data.posts are). */
function postsByYear(data: SiteData, lang: Lang): Map<string, PostRecord[]> {
  const years = new Map<string, PostRecord[]>();
  for (const post of data.posts) {
    if (post.lang !== lang) continue;
    const year = yearOf(post);
    const posts = years.get(year);
    if (posts) posts.push(post);
    else years.set(year, [post]);
  }
  return years;
}

/** Items cut into parts of at most PART_ITEMS_CHARS characters each (one item at least). */
function parts(items: readonly string[]): string[][] {
  const cut: string[][] = [];
  let part: string[] = [];
  let size = 0;
  for (const item of items) {
    if (part.length > 0 && size + item.length + 1 > PART_ITEMS_CHARS) {
      cut.push(part);
      part = [];
      size = 0;
    }
    part.push(item);
    size += item.length + 1;
  }
  if (part.length > 0 || cut.length === 0) cut.push(part);
  return cut;
}

const document = (title: string, summary: string, sections: [heading: string, items: string[]][]) =>
  `# ${title}\n\n> ${summary}\n\n${sections
    .filter(([, items]) => items.length > 0)
    .map(([heading, items]) => `## ${heading}\n\n${items.join('\n')}`)
    .join('\n\n')}\n`;

/** Every index file, by path: each language's, and each part of each of its years. */
export function llmsIndexes(data: SiteData, baseUrl: string, fullParts: LlmsFullParts): Map<string, string> {
  const files = new Map<string, string>();
  for (const lang of data.site.languages as Lang[]) {
    const ui = uiText(lang, data.site);
    const language = nativeName(lang);
    const years = postsByYear(data, lang);
    const yearItems: string[] = [];
    for (const [year, posts] of years) {
      const cut = parts(posts.map((post) => llmsItem(post, baseUrl)));
      yearItems.push(`- [${year}](${baseUrl}${llmsYearPath(lang, year)}): ${posts.length} posts`);
      cut.forEach((items, i) => {
        const part = i + 1;
        const next = part < cut.length ? llmsYearPath(lang, year, part + 1) : null;
        const title = `${data.site.name}: ${ui.postsIn(lang)}, ${year}${cut.length > 1 ? ` (${part}/${cut.length})` : ''}`;
        files.set(
          llmsYearPath(lang, year, part),
          document(title, `The posts of ${year} in ${language}, newest first.`, [
            [ui.postsIn(lang), items],
            [
              'More',
              next ? [`- [${year}, part ${part + 1}](${baseUrl}${next}): the older posts of ${year}`] : [],
            ],
          ]),
        );
      });
    }
    const series = data.series.filter((s) => s.lang === lang).map((s) => llmsItem(s, baseUrl));
    files.set(
      llmsLanguagePath(lang),
      document(
        `${data.site.name}: ${ui.postsIn(lang)}`,
        `Every post in ${language}, by year, its series, and every post in full.`,
        [
          [ui.postsIn(lang), yearItems],
          [ui.seriesIn(lang), parts(series)[0] ?? []],
          ['In full', llmsFullItems(fullParts, data.site.languages, lang, baseUrl)],
        ],
      ),
    );
  }
  return files;
}
