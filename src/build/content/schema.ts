/** The field schemas shared by both layouts, and the front matter of posts and decks. Each message says what is expected. */
import * as v from 'valibot';
import { TAG_TIERS } from '../data/types.ts';
import { UI_KEYS, type UiKey } from '../site/i18n.ts';
import { DATE_EXPECTED, type ParsedDate, parseDate } from './dates.ts';
import { isLanguageCode, LANGUAGE_CODE_EXPECTED, overrideField } from './languages.ts';
import { MAX_DESCRIPTION_LENGTH, MAX_TAGS_PER_POST, MAX_TITLE_LENGTH } from './limits.ts';
import { isRelativeReference } from './media.ts';

/** Slugs of posts, series, decks and tags. */
export const SLUG_PATTERN = /^[a-z0-9-]+$/;
export const SLUG_EXPECTED = 'a slug of lower-case letters, digits and hyphens (such as http-caching)';

function boundedText(max: number) {
  const expected = `a text of 1 to ${max} characters`;
  return v.pipe(v.string(expected), v.trim(), v.minLength(1, expected), v.maxLength(max, expected));
}

export const title = boundedText(MAX_TITLE_LENGTH);
export const description = boundedText(MAX_DESCRIPTION_LENGTH);
export const slug = v.pipe(v.string(SLUG_EXPECTED), v.regex(SLUG_PATTERN, SLUG_EXPECTED));

const WEB_URL = 'an absolute http: or https: URL such as https://example.com/page';
const SITE_PATH =
  'a site-relative path starting with a single / and without . or .. segments (such as /images/hero.webp)';

function isWebUrl(value: string): boolean {
  if (!/^https?:\/\/[^/\\]/i.test(value) || /[\s\\]/.test(value)) return false;
  return URL.canParse(value);
}

/** A `.` or `..` segment, written as it is or with `%2e` (which URL parsers read as a dot). */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?=[/?#]|$)/i;

/**
 * `/\evil.example`, `//evil.example` or a tab in the path would send browsers to another host; a
 * dot segment names another path than the one written (`/../x` is `/x`), which a URL parser
 * resolves and a file lookup does not.
 */
function isSitePath(value: string): boolean {
  return (
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !/[\\\p{Cc}]/u.test(value) &&
    !DOT_SEGMENT.test(value.replace(/[?#].*$/s, ''))
  );
}

/**
 * A site path as URLs hold it, in HTML, Markdown, headers and the API alike: what a URL parser makes
 * of it, each character a path cannot hold as it is (a space, a quote, `<`, non-ASCII...)
 * percent-encoded, as a browser encodes it when it follows the page's link.
 */
const normalSitePath = (path: string): string => {
  const url = new URL(path, 'http://site.invalid');
  return url.pathname + url.search + url.hash;
};

/** A web URL as a URL parser serializes it, so that every reader parses it back to the same text. */
const normalWebUrl = (url: string): string => new URL(url).href;

export const webUrl = v.pipe(v.string(WEB_URL), v.check(isWebUrl, WEB_URL), v.transform(normalWebUrl));
export const sitePath = v.pipe(
  v.string(SITE_PATH),
  v.check(isSitePath, SITE_PATH),
  v.transform(normalSitePath),
);

const REDIRECT_TARGET = 'a site path such as /blog/new-post/ or an absolute http(s) URL';
export const redirectTarget = v.pipe(
  v.string(REDIRECT_TARGET),
  v.check((value) => isSitePath(value) || isWebUrl(value), REDIRECT_TARGET),
  v.transform((value) => (isSitePath(value) ? normalSitePath(value) : normalWebUrl(value))),
);
/** Old paths answered with a permanent redirect to their new place. */
export const redirectsSchema = v.record(sitePath, redirectTarget, 'a mapping of old paths to new ones');

/** A public address every absolute URL is built with: as a URL parser writes it, without a trailing slash. */
export const publicBaseUrl = (url: string): string => normalWebUrl(url).replace(/\/+$/, '');

export const baseUrlSchema = v.pipe(webUrl, v.transform(publicBaseUrl));

const IMAGE_REFERENCE =
  'a site path (/images/hero.webp), a path relative to this file (./cover.png) or an http(s) URL';

function isImageReference(value: string): boolean {
  if (isSitePath(value) || isWebUrl(value)) return true;
  return isRelativeReference(value) && !/[\\\p{Cc}]/u.test(value);
}

/**
 * An image: a file of the site's public folder, one beside the entry, or one elsewhere on the web.
 * A site path or URL is given as URLs hold it; a relative one is resolved to its file later.
 */
export const imageReference = v.pipe(
  v.string(IMAGE_REFERENCE),
  v.check(isImageReference, IMAGE_REFERENCE),
  v.transform((value) =>
    isSitePath(value) ? normalSitePath(value) : isWebUrl(value) ? normalWebUrl(value) : value,
  ),
);

/** A date as written and as an instant (the file name's date is checked against the day written). */
export const datedAs = v.pipe(
  v.string(DATE_EXPECTED),
  v.rawTransform(({ dataset, addIssue, NEVER }): ParsedDate => {
    const date = parseDate(dataset.value);
    if (date) return date;
    addIssue({ message: DATE_EXPECTED });
    return NEVER;
  }),
);
export const date = v.pipe(
  datedAs,
  v.transform((parsed) => parsed.iso),
);

const WHOLE_NUMBER = 'a whole number';
export const wholeNumber = v.pipe(v.number(WHOLE_NUMBER), v.integer(WHOLE_NUMBER));
const POSITION = 'a whole number from 1';
const position = v.pipe(v.number(POSITION), v.integer(POSITION), v.minValue(1, POSITION));
const draft = v.optional(v.boolean('true or false'), false);
export const tier = v.picklist(TAG_TIERS, 'primary, secondary or subtopic');

/** Per-language versions of some fields (`titleEs`, `heroImagePtBr`), each optional. */
export function overrides(languages: readonly string[], fields: Record<string, v.GenericSchema>) {
  return Object.fromEntries(
    languages.flatMap((lang) =>
      Object.entries(fields).map(([field, schema]) => [overrideField(field, lang), v.optional(schema)]),
    ),
  );
}

const TAGS = `a list of at most ${MAX_TAGS_PER_POST} tags such as [http, caching]`;

const KEYWORDS = 'a list of keywords such as [http, caching], or one string of them separated by commas';
/** `keywords`, as a list or as one comma-separated string (both are common in Astro blogs). */
const keywords = v.pipe(
  v.union([v.array(v.string(KEYWORDS), KEYWORDS), v.string(KEYWORDS)], KEYWORDS),
  v.transform((given) =>
    (typeof given === 'string' ? given.split(',') : given).map((word) => word.trim()).filter(Boolean),
  ),
);

const RELATED = 'a slug, path or file name, or a list of them';
/** `relatedPost`, `relatedSlide`: one entry, or a list of them (both are how Astro blogs write them). */
const related = v.optional(
  v.pipe(
    v.union([v.string(RELATED), v.array(v.string(RELATED), RELATED)], RELATED),
    v.transform((given) => (typeof given === 'string' ? [given] : given)),
  ),
  [],
);

export const postSchema = v.pipe(
  v.object({
    title,
    description,
    pubDate: datedAs,
    updatedDate: v.optional(date),
    tags: v.optional(v.pipe(v.array(slug, TAGS), v.maxLength(MAX_TAGS_PER_POST, TAGS)), []),
    heroImage: v.optional(imageReference),
    series: v.optional(slug),
    seriesOrder: v.optional(position),
    keywords: v.optional(keywords, []),
    relatedPost: related,
    relatedSlide: related,
    author: v.optional(
      v.pipe(
        v.string('the slug or name of an author'),
        v.trim(),
        v.nonEmpty('the slug or name of an author'),
      ),
    ),
    draft,
  }),
  v.forward(
    v.check(
      (post) => post.seriesOrder === undefined || post.series !== undefined,
      'seriesOrder only together with series (it is a position in that series)',
    ),
    ['seriesOrder'],
  ),
);

const deckFields = {
  title,
  description,
  pubDate: datedAs,
  provider: v.optional(title),
  eventName: v.optional(title),
  eventDate: v.optional(date),
  eventUrl: v.optional(webUrl),
  updatedDate: v.optional(date),
  heroImage: v.optional(imageReference),
  relatedPost: related,
  relatedSlide: related,
  draft,
};

export const deckSchema = v.variant(
  'type',
  [
    v.object({ ...deckFields, type: v.literal('native') }),
    v.object({ ...deckFields, type: v.literal('external'), externalUrl: webUrl }),
  ],
  'native or external',
);

const LANGUAGES = `a list of language codes such as [en, es], each once (${LANGUAGE_CODE_EXPECTED})`;

const deprecation = v.pipe(
  v.strictObject(
    {
      // Checked against the catalog of the blog's languages in site.ts, once they are known.
      operationId: v.string("one of the API's operationIds"),
      since: date,
      sunset: date,
      link: v.optional(webUrl),
    },
    'a mapping with operationId, since, sunset and optionally link',
  ),
  v.forward(
    v.check((d) => d.sunset > d.since, 'a sunset date after the since date'),
    ['sunset'],
  ),
);

const UI_STRINGS = `a mapping of interface strings, among: ${UI_KEYS.join(', ')}`;

/** The interface text a site gives itself, by language: `ui: { de: { blog: Blog, talks: Vorträge } }`. */
const uiSchema = v.record(
  v.pipe(v.string(LANGUAGE_CODE_EXPECTED), v.check(isLanguageCode, LANGUAGE_CODE_EXPECTED)),
  v.strictObject(
    Object.fromEntries(UI_KEYS.map((key) => [key, v.optional(boundedText(200))])) as Record<
      UiKey,
      v.OptionalSchema<ReturnType<typeof boundedText>, undefined>
    >,
    UI_STRINGS,
  ),
  `a mapping of language codes to ${UI_STRINGS}`,
);

const ROBOTS_PATH =
  'a list of URL paths such as [/, /drafts/] (each starting with /, without spaces; * and $ as in robots.txt)';
const robotsPaths = v.optional(
  v.array(v.pipe(v.string(ROBOTS_PATH), v.regex(/^\/[^\s#]*$/, ROBOTS_PATH)), ROBOTS_PATH),
  [],
);
const CONTENT_SIGNAL =
  'content signals such as "search=yes, ai-input=yes, ai-train=no" (each of search, ai-input, ai-train at most once, =yes or =no)';
const CONTENT_SIGNAL_NAMES = ['search', 'ai-input', 'ai-train'];

function isContentSignal(value: string): boolean {
  const names = value.split(',').map((part) => part.trim().match(/^([a-z-]+)=(yes|no)$/)?.[1]);
  return (
    names.every((name) => name !== undefined && CONTENT_SIGNAL_NAMES.includes(name)) &&
    new Set(names).size === names.length
  );
}

/** A product token as RFC 9309 has it (letters, `_` and `-`; digits are common in practice), or `*`. */
const USER_AGENT = 'a user agent such as GPTBot (letters, digits, _ and -)';
const robotsRules = {
  allow: robotsPaths,
  disallow: robotsPaths,
  contentSignal: v.optional(
    v.pipe(v.string(CONTENT_SIGNAL), v.trim(), v.check(isContentSignal, CONTENT_SIGNAL)),
  ),
};
const USAGE_STATED_ONCE =
  'no contentSignal for every crawler here: the usage setting (search, train, input) writes it, with Content-Usage';
const robotsSchema = v.strictObject(
  {
    allow: robotsPaths,
    disallow: robotsPaths,
    contentSignal: v.optional(v.never(USAGE_STATED_ONCE)),
    agents: v.optional(
      v.record(
        v.pipe(v.string(USER_AGENT), v.regex(/^[A-Za-z0-9_-]+$/, USER_AGENT)),
        v.strictObject(robotsRules, 'a mapping with allow, disallow and contentSignal, each optional'),
        'a mapping from user agent to its rules, such as { GPTBot: { disallow: [/] } }',
      ),
      {},
    ),
  },
  'a mapping with allow, disallow and agents, each optional',
);

const USAGE_CHOICE = 'yes or no';
const usageChoice = v.optional(
  v.pipe(
    v.union([v.boolean(), v.picklist(['yes', 'no'])], USAGE_CHOICE),
    v.transform((choice) => choice === true || choice === 'yes'),
  ),
);
/** How automated systems may use the content; each choice left out is the licence's grant (yes). */
const usageSchema = v.strictObject(
  { search: usageChoice, train: usageChoice, input: usageChoice },
  'a mapping with search, train and input, each yes or no and optional',
);

const PERMALINK = 'a site path with {slug}, such as /blog/{slug}/';

export const siteSchema = v.strictObject(
  {
    name: title,
    description,
    baseUrl: v.optional(baseUrlSchema),
    author: v.strictObject(
      { name: title, url: v.optional(webUrl) },
      'a mapping with name and optionally url',
    ),
    license: v.optional(title),
    languages: v.pipe(
      v.array(v.pipe(v.string(LANGUAGES), v.check(isLanguageCode, LANGUAGE_CODE_EXPECTED)), LANGUAGES),
      v.minLength(1, LANGUAGES),
      v.check((langs) => new Set(langs).size === langs.length, LANGUAGES),
    ),
    deprecations: v.optional(v.array(deprecation, 'a list of deprecations'), []),
    redirects: v.optional(redirectsSchema, {}),
    ui: v.optional(uiSchema, {}),
    robots: v.optional(robotsSchema, {}),
    usage: v.optional(usageSchema, {}),
    /** Beside a built site: where each post's page is (`{slug}`, and maybe `{lang}`, `{year}`, `{month}`, `{day}`). */
    permalink: v.optional(v.pipe(v.string(PERMALINK), v.regex(/^\/.*\{slug\}/, PERMALINK))),
    /** Beside a built site: paths where Folio's document is served over the site's own file. */
    folioServes: v.optional(v.array(sitePath, 'a list of site paths such as [/llms.txt, /sitemap.xml]'), []),
    /** Beside a built site: whether the site's pages load Folio's WebMCP script (the owner's choice; off by default). */
    webmcpOnSitePages: v.optional(v.boolean('true or false'), false),
    /** A hero image that is no file of the site is a problem unless this is true (then a warning). */
    allowMissingHeroImages: v.optional(v.boolean('true or false'), false),
  },
  'a mapping of site settings',
);

export const goneSchema = v.strictObject(
  { paths: v.array(sitePath, 'a list of site paths such as [/blog/old-post/]') },
  'a mapping with paths',
);

export type SiteConfig = v.InferOutput<typeof siteSchema>;
