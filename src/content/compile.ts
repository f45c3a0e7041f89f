import * as v from 'valibot';
import { compareText } from '../data/order.ts';
import type {
  DeckRecord,
  Deprecation,
  Lang,
  PostRecord,
  SeriesRecord,
  SiteData,
  SiteInfo,
  TagInfo,
  TagTier,
} from '../data/types.ts';
import { LANGS } from '../data/types.ts';
import { renderDeck, renderMarkdown } from '../site/render/markdown.ts';
import { ContentError, type ContentIssue, fromValibot } from './errors.ts';
import { parseYaml, splitFrontMatter } from './front-matter.ts';
import {
  deckSchema,
  goneSchema,
  postSchema,
  SLUG_PATTERN,
  seriesSchema,
  siteSchema,
  tagsSchema,
} from './schema.ts';

/** The content folder as text files keyed by their path relative to it, `/`-separated. */
export type ContentFiles = ReadonlyMap<string, string>;

const DATED_FILE = /^(\d{4}-\d{2}-\d{2})_(.+)\.md$/;
const LANG_PREFIX: Record<Lang, string> = { en: '', es: '/es' };

export function sitePath(lang: Lang, section: string, slug?: string): string {
  return `${LANG_PREFIX[lang]}/${section}/${slug === undefined ? '' : `${slug}/`}`;
}

/** HTML already rendered from the bodies of some files, keyed like `ContentFiles`. */
export type RenderedBodies = ReadonlyMap<string, string>;

/** Validates every content file and derives the published records; throws a ContentError listing every problem. */
export function compileContent(
  files: ContentFiles,
  now: Date,
  rendered: RenderedBodies = new Map(),
): SiteData {
  const issues: ContentIssue[] = [];
  const reader = new Reader(files, issues);
  const site = reader.yaml('site.yaml', siteSchema);
  const taxonomy = reader.yaml('tags.yaml', tagsSchema);
  const gone = reader.yaml('gone.yaml', goneSchema, { paths: [] });
  const tiers = new Map(Object.entries(taxonomy ?? {}).map(([name, tag]) => [name, tag.tier]));

  const series = reader.section('series', (file, lang, name, body) => {
    const data = reader.validate(file, seriesSchema, body.data);
    if (!data || !checkSlug(file, name, issues)) return undefined;
    return {
      slug: name,
      lang,
      title: data.title,
      description: data.description,
      order: data.order,
      heroImage: data.heroImage ?? null,
      path: sitePath(lang, 'series', name),
      body: body.body,
      html: renderMarkdown(body.body),
    } satisfies SeriesRecord;
  });

  const nowIso = now.toISOString();
  const isPublished = (item: { draft: boolean; pubDate: string }) => !item.draft && item.pubDate <= nowIso;

  const posts = reader.section('blog', (file, lang, name, body) => {
    const dated = datedName(file, name, issues);
    const data = reader.validate(file, postSchema, body.data);
    if (!dated || !data || !checkFileDate(file, dated.date, data.pubDate, issues)) return undefined;
    if (data.series && !series.some((s) => s.lang === lang && s.slug === data.series)) {
      issues.push({
        file,
        field: 'series',
        message: `expected a series with a file content/series/${lang}/${data.series}.md`,
      });
    }
    if (!isPublished(data)) return undefined;
    const split = splitTags(data.tags, tiers);
    return {
      id: `${lang}/${dated.date}_${dated.slug}`,
      slug: dated.slug,
      lang,
      title: data.title,
      description: data.description,
      pubDate: data.pubDate,
      updatedDate: data.updatedDate ?? null,
      allTags: data.tags,
      ...split,
      heroImage: data.heroImage ?? null,
      series: data.series ?? null,
      seriesOrder: data.seriesOrder ?? null,
      path: sitePath(lang, 'blog', dated.slug),
      body: body.body,
      html: rendered.get(file) ?? renderMarkdown(body.body),
    } satisfies PostRecord;
  });

  const decks = reader.section('slides', (file, lang, name, body) => {
    const dated = datedName(file, name, issues);
    const data = reader.validate(file, deckSchema, body.data);
    if (!dated || !data || !checkFileDate(file, dated.date, data.pubDate, issues) || !isPublished(data)) {
      return undefined;
    }
    return {
      slug: dated.slug,
      lang,
      title: data.title,
      description: data.description,
      pubDate: data.pubDate,
      heroImage: data.heroImage ?? null,
      type: data.type,
      externalUrl: data.type === 'external' ? data.externalUrl : null,
      provider: data.provider ?? null,
      eventName: data.eventName ?? null,
      eventDate: data.eventDate ?? null,
      path: sitePath(lang, 'talks', dated.slug),
      body: body.body,
      html: data.type === 'native' ? renderDeck(body.body) : '',
    } satisfies DeckRecord;
  });

  checkUnique(posts, 'blog', issues);
  checkUnique(decks, 'slides', issues);
  checkChapterOrder(posts, issues);
  if (issues.length > 0 || !site || !taxonomy) throw new ContentError(issues);

  return {
    site: toSiteInfo(site),
    tags: Object.entries(taxonomy)
      .map(
        ([name, tag]): TagInfo => ({
          name,
          tier: tag.tier,
          description: { en: tag.description_en, es: tag.description_es },
        }),
      )
      .sort((a, b) => compareText(a.name, b.name)),
    posts: posts.sort((a, b) => compareText(b.pubDate, a.pubDate) || compareText(a.id, b.id)),
    series: series
      .filter((s) => posts.some((post) => post.lang === s.lang && post.series === s.slug))
      .sort((a, b) => a.order - b.order || compareText(a.slug, b.slug) || compareText(a.lang, b.lang)),
    decks: decks.sort(
      (a, b) =>
        compareText(b.pubDate, a.pubDate) || compareText(a.slug, b.slug) || compareText(a.lang, b.lang),
    ),
    gone: [...new Set(gone?.paths ?? [])].sort(compareText),
    deprecations: (site.deprecations ?? []).map(
      (d): Deprecation => ({
        operationId: d.operationId,
        since: d.since,
        sunset: d.sunset,
        link: d.link ?? null,
      }),
    ),
  };
}

function toSiteInfo(site: v.InferOutput<typeof siteSchema>): SiteInfo {
  return {
    name: site.name,
    description: site.description,
    baseUrl: site.baseUrl,
    author: { name: site.author.name, url: site.author.url ?? null },
    license: site.license,
    languages: [...LANGS],
  };
}

function splitTags(tags: string[], tiers: ReadonlyMap<string, TagTier>) {
  const tierOf = (tag: string) => tiers.get(tag) ?? 'primary';
  return {
    tags: tags.filter((tag) => tierOf(tag) === 'primary'),
    topics: tags.filter((tag) => tierOf(tag) === 'secondary'),
    subtopics: tags.filter((tag) => tierOf(tag) === 'subtopic'),
  };
}

type SectionParser<T> = (
  file: string,
  lang: Lang,
  name: string,
  document: { data: unknown; body: string },
) => T | undefined;

class Reader {
  constructor(
    private readonly files: ContentFiles,
    private readonly issues: ContentIssue[],
  ) {}

  yaml<S extends v.GenericSchema>(
    file: string,
    schema: S,
    fallback?: v.InferOutput<S>,
  ): v.InferOutput<S> | undefined {
    const text = this.files.get(file);
    if (text === undefined) {
      if (fallback === undefined)
        this.issues.push({ file, field: '(file)', message: 'expected this file to exist' });
      return fallback;
    }
    try {
      return this.validate(file, schema, parseYaml(text));
    } catch (error) {
      this.issues.push({ file, field: '(file)', message: (error as Error).message });
      return undefined;
    }
  }

  validate<S extends v.GenericSchema>(file: string, schema: S, data: unknown): v.InferOutput<S> | undefined {
    const result = v.safeParse(schema, data);
    if (result.success) return result.output;
    this.issues.push(...fromValibot(file, result.issues));
    return undefined;
  }

  /** Parses every `<section>/<lang>/<name>.md` file in path order. */
  section<T>(section: string, parse: SectionParser<T>): T[] {
    const records: T[] = [];
    for (const file of [...this.files.keys()].sort(compareText)) {
      const [top, lang, name, ...rest] = file.split('/');
      if (top !== section || name === undefined || rest.length > 0 || !name.endsWith('.md')) continue;
      if (!isLang(lang)) {
        this.issues.push({
          file,
          field: '(path)',
          message: `expected the folder ${section}/en or ${section}/es`,
        });
        continue;
      }
      try {
        const record = parse(file, lang, name.slice(0, -3), splitFrontMatter(this.files.get(file) ?? ''));
        if (record !== undefined) records.push(record);
      } catch (error) {
        this.issues.push({ file, field: '(front matter)', message: (error as Error).message });
      }
    }
    return records;
  }
}

function isLang(value: string | undefined): value is Lang {
  return (LANGS as readonly (string | undefined)[]).includes(value);
}

function checkSlug(file: string, slug: string, issues: ContentIssue[]): boolean {
  if (SLUG_PATTERN.test(slug)) return true;
  issues.push({
    file,
    field: '(file name)',
    message: 'expected a slug matching ^[a-z0-9-]+$ as the file name',
  });
  return false;
}

function datedName(file: string, name: string, issues: ContentIssue[]) {
  const match = DATED_FILE.exec(`${name}.md`);
  if (!match?.[1] || !match[2]) {
    issues.push({
      file,
      field: '(file name)',
      message: 'expected a file name of the form YYYY-MM-DD_<slug>.md',
    });
    return undefined;
  }
  if (!checkSlug(file, match[2], issues)) return undefined;
  return { date: match[1], slug: match[2] };
}

function checkFileDate(file: string, date: string, pubDate: string, issues: ContentIssue[]): boolean {
  if (pubDate.startsWith(date)) return true;
  issues.push({
    file,
    field: 'pubDate',
    message: `expected the date in the file name (${date}), received ${pubDate}`,
  });
  return false;
}

function checkUnique(records: { slug: string; lang: Lang }[], section: string, issues: ContentIssue[]) {
  const seen = new Set<string>();
  for (const { slug, lang } of records) {
    const key = `${lang}/${slug}`;
    if (seen.has(key)) {
      issues.push({
        file: `${section}/${lang}`,
        field: '(file name)',
        message: `expected one published file for the slug ${slug}`,
      });
    }
    seen.add(key);
  }
}

function checkChapterOrder(posts: PostRecord[], issues: ContentIssue[]) {
  const seen = new Map<string, string>();
  for (const post of posts) {
    if (post.series === null || post.seriesOrder === null) continue;
    const key = `${post.lang}/${post.series}/${post.seriesOrder}`;
    const other = seen.get(key);
    if (other) {
      issues.push({
        file: `blog/${post.id}.md`,
        field: 'seriesOrder',
        message: `expected a position not already taken in the series ${post.series} (also used by ${other})`,
      });
    }
    seen.set(key, post.id);
  }
}
