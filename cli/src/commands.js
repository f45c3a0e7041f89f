/** The commands: fetch from the API (or the MCP endpoint for read) and print. */
import { CliError } from './errors.js';
import { day, plural, table, truncate } from './format.js';
import { callTool, getJson, isObject } from './http.js';

/**
 * @typedef {object} Context
 * @property {import('./args.js').Invocation} invocation
 * @property {import('./http.js').Client} client
 * @property {import('./colour.js').Palette} colour
 * @property {number | undefined} width Terminal width when stdout is a TTY; undefined otherwise.
 * @property {(text: string) => void} print Writes one or more lines to stdout.
 */

/**
 * The English name of a language (`French`), or its code where Intl has none.
 * @param {string} code
 */
function languageName(code) {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** @type {Record<import('./args.js').Command, (ctx: Context) => Promise<void>>} */
const COMMAND_RUNNERS = { posts, search, read, series, tag, talks, api };

/**
 * Runs a command in its language. When it fails, the server's languages say why if the language is
 * the cause: without --lang, the command runs again in the blog's first language; with a --lang the
 * blog is not written in, one line names the languages it is.
 * @param {import('./args.js').Command} command
 * @param {Context} ctx
 */
export async function runCommand(command, ctx) {
  const run = COMMAND_RUNNERS[command];
  try {
    await run(ctx);
  } catch (error) {
    const refused = error instanceof CliError && (error.status === 404 || error.status === 400);
    if (!refused || command === 'api') throw error;
    const languages = await serverLanguages(ctx.client).catch(() => undefined);
    const { lang, langGiven } = ctx.invocation;
    if (!languages || languages.length === 0 || languages.includes(lang)) throw error;
    if (!langGiven) return run({ ...ctx, invocation: { ...ctx.invocation, lang: languages[0] ?? lang } });
    throw new CliError(
      `the blog at ${ctx.client.baseUrl} is not written in '${lang}'; it is in ${languages.join(', ')}`,
      `Use --lang ${languages[0]}.`,
    );
  }
}

/**
 * The blog's languages, first the default one: those of its post indexes in /api/index.json.
 * @param {import('./http.js').Client} client
 * @returns {Promise<string[]>}
 */
async function serverLanguages(client) {
  const { data } = await getJson(client, '/api/index.json');
  const endpoints = isObject(data) && Array.isArray(data.endpoints) ? data.endpoints : [];
  return endpoints.flatMap((endpoint) => {
    const template = isObject(endpoint) ? endpoint.pathTemplate : undefined;
    const lang =
      typeof template === 'string' ? /^\/api\/posts-([a-z0-9-]+)\.json$/.exec(template)?.[1] : undefined;
    return lang ? [lang] : [];
  });
}

/**
 * `folio posts`: the newest posts, from /api/posts-{lang}.json (limit applied by the server).
 * @param {Context} ctx
 */
async function posts(ctx) {
  const { lang, limit } = ctx.invocation;
  const query = limit === undefined ? '' : `?limit=${limit}`;
  const { answer, data } = await getJson(ctx.client, `/api/posts-${lang}.json${query}`);
  if (ctx.invocation.json) return printRaw(ctx, answer.text);
  const list = records(data, answer.url);
  const total = Number(answer.headers.get('x-total-count') ?? list.length);
  ctx.print(header(ctx, `${count(list.length, total, 'post')} in ${languageName(lang)}, newest first`));
  printPosts(ctx, list);
}

/**
 * `folio search <query>`: /api/search.json, ranked on the server as its MCP tool ranks.
 * @param {Context} ctx
 */
async function search(ctx) {
  const { lang, limit, args } = ctx.invocation;
  const query = args.join(' ').trim();
  const parameters = new URLSearchParams({ q: query, lang });
  if (limit !== undefined) parameters.set('limit', String(limit));
  const { answer, data: result } = await getJson(ctx.client, `/api/search.json?${parameters}`);
  if (ctx.invocation.json) return printRaw(ctx, answer.text);
  if (!isObject(result)) throw unexpected(answer.url);
  const list = records(result.results, answer.url);
  const total = typeof result.total === 'number' ? result.total : list.length;
  if (list.length === 0) {
    ctx.print(header(ctx, `No ${languageName(lang)} posts match "${query}"`));
    return;
  }
  ctx.print(
    header(ctx, `${count(list.length, total, 'result')} for "${query}" in ${languageName(lang)}, best first`),
  );
  printPosts(ctx, list, (post) => score(post.score));
}

/**
 * `folio read <slug>`: the post's Markdown twin, whole, from the MCP tool get_post, piece after
 * piece (each call returns at most 40,000 characters and says where the next one starts).
 * With --json, the tool's structuredContent with the whole text as `markdown`.
 * @param {Context} ctx
 */
async function read(ctx) {
  const { lang, args } = ctx.invocation;
  const slug = args[0];
  const endpoint = `${ctx.client.baseUrl}/mcp`;
  /** @type {string[]} */
  const pieces = [];
  /** @type {Record<string, unknown> | undefined} */
  let first;
  /** @type {unknown} */
  let offset = 0;
  while (typeof offset === 'number') {
    const piece = await callTool(ctx.client, 'get_post', { slug, lang, offset });
    if (!isObject(piece) || typeof piece.markdown !== 'string') throw unexpected(endpoint);
    first ??= piece;
    pieces.push(piece.markdown);
    if (
      piece.nextOffset !== undefined &&
      (typeof piece.nextOffset !== 'number' || piece.nextOffset <= offset)
    )
      throw unexpected(endpoint);
    offset = piece.nextOffset;
  }
  const markdown = pieces.join('');
  if (ctx.invocation.json) {
    const { nextOffset: _, ...facts } = /** @type {Record<string, unknown>} */ (first);
    return printRaw(ctx, JSON.stringify({ ...facts, markdown }));
  }
  printRaw(ctx, markdown);
}

/**
 * `folio series` lists the series; `folio series <slug>` the chapters in reading order.
 * @param {Context} ctx
 */
async function series(ctx) {
  const { lang, args } = ctx.invocation;
  const slug = args[0];
  if (slug === undefined) {
    const { answer, data } = await getJson(ctx.client, `/api/series/${lang}/index.json`);
    if (ctx.invocation.json) return printRaw(ctx, answer.text);
    if (!isObject(data)) throw unexpected(answer.url);
    const list = records(data.series, answer.url);
    ctx.print(
      header(
        ctx,
        `${plural(list.length, 'series', 'series')} in ${languageName(lang)}, latest activity first`,
      ),
    );
    const lines = table(
      list.map((s) => ({
        cells: [
          day(s.lastPostDate),
          text(s.slug),
          plural(Number(s.postCount ?? 0), 'chapter'),
          text(s.title),
        ],
      })),
      [
        { style: ctx.colour.cyan },
        { style: ctx.colour.green },
        { style: ctx.colour.dim },
        { shrink: 1, style: ctx.colour.bold },
      ],
      { maxWidth: ctx.width },
    );
    ctx.print(lines.join('\n'));
    ctx.print(
      ctx.colour.dim(
        `\nChapters of one series: folio series <slug>${lang === 'en' ? '' : ` --lang ${lang}`}`,
      ),
    );
    return;
  }
  const { answer, data } = await getJson(ctx.client, `/api/series/${lang}/${slug}.json`);
  if (ctx.invocation.json) return printRaw(ctx, answer.text);
  if (!isObject(data)) throw unexpected(answer.url);
  const chapters = records(data.posts, answer.url);
  ctx.print(
    header(
      ctx,
      `${text(data.title)} (${slug}, ${languageName(lang)}): ${plural(chapters.length, 'chapter')} in reading order`,
    ),
  );
  if (data.description) ctx.print(`${ctx.colour.dim(fit(ctx, text(data.description)))}\n`);
  printPosts(ctx, chapters, (post, i) => `${Number(post.position ?? i + 1)}.`);
}

/**
 * `folio tag <tag>`: /api/timeline/{lang}/{tag}.json. That endpoint has no limit parameter, so
 * `--limit` keeps the newest N posts here, in the client; with `--json` the printed document then
 * has `posts` cut to N while `total` still counts every post with the tag.
 * @param {Context} ctx
 */
async function tag(ctx) {
  const { lang, limit, args } = ctx.invocation;
  const name = (args[0] ?? '').trim();
  const { answer, data } = await getJson(
    ctx.client,
    `/api/timeline/${lang}/${encodeURIComponent(name)}.json`,
  );
  if (!isObject(data)) throw unexpected(answer.url);
  const all = records(data.posts, answer.url);
  const list = limit === undefined ? all : all.slice(0, limit);
  if (ctx.invocation.json) {
    return printRaw(ctx, limit === undefined ? answer.text : JSON.stringify({ ...data, posts: list }));
  }
  const total = typeof data.total === 'number' ? data.total : all.length;
  ctx.print(
    header(
      ctx,
      `${count(list.length, total, 'post')} tagged "${name}" in ${languageName(lang)}, newest first`,
    ),
  );
  printPosts(ctx, list);
}

/**
 * `folio talks`: the slide decks, from /api/slides-timeline/{lang}.json.
 * @param {Context} ctx
 */
async function talks(ctx) {
  const { lang } = ctx.invocation;
  const { answer, data } = await getJson(ctx.client, `/api/slides-timeline/${lang}.json`);
  if (ctx.invocation.json) return printRaw(ctx, answer.text);
  if (!isObject(data)) throw unexpected(answer.url);
  const decks = records(data.decks, answer.url);
  ctx.print(header(ctx, `${plural(decks.length, 'talk')} in ${languageName(lang)}, newest first`));
  const lines = table(
    decks.map((deck) => ({
      cells: [
        day(deck.pubDate),
        text(deck.title),
        deck.type === 'native' ? 'slides on the site' : text(deck.provider) || 'external',
        text(deck.eventName),
      ],
      below: text(deck.url),
    })),
    [
      { style: ctx.colour.cyan },
      { shrink: 2, min: 20, style: ctx.colour.bold },
      { shrink: 1, min: 12, style: ctx.colour.green },
      { shrink: 0, min: 12 },
    ],
    { maxWidth: ctx.width, belowColumn: 1, belowStyle: ctx.colour.dim },
  );
  ctx.print(lines.join('\n'));
}

/**
 * `folio api`: version, rate limit and endpoints, from /api/index.json.
 * @param {Context} ctx
 */
async function api(ctx) {
  const { answer, data } = await getJson(ctx.client, '/api/index.json');
  if (ctx.invocation.json) return printRaw(ctx, answer.text);
  if (!isObject(data)) throw unexpected(answer.url);
  const { colour } = ctx;
  const rate = isObject(data.rate_limit) ? data.rate_limit : {};
  const links = isObject(data.links) ? data.links : {};
  const auth = isObject(data.authentication) ? data.authentication : {};
  const endpoints = records(data.endpoints, answer.url);
  ctx.print(header(ctx, `${text(data.name) || 'API'} ${text(data.version)}`));
  const facts = [
    ['Base URL', ctx.client.baseUrl],
    [
      'Rate limit',
      rate.quota === undefined
        ? ''
        : `${rate.quota} requests per ${rate.window_seconds} s per ${text(rate.scope)}${rate.enforcement ? ` (${text(rate.enforcement)})` : ''}`,
    ],
    ['Auth', auth.required === false ? 'none: public, anonymous, read-only' : text(auth.scheme)],
    ['OpenAPI', text(links.openapi)],
    ['MCP', text(links.mcp_endpoint)],
    ['Developers', text(links.developer_portal)],
  ].filter(([, value]) => value);
  ctx.print(
    table(
      facts.map((cells) => ({ cells: /** @type {string[]} */ (cells) })),
      [{ style: colour.dim }, {}],
    ).join('\n'),
  );
  ctx.print(`\n${colour.bold(plural(endpoints.length, 'endpoint'))}`);
  const lines = table(
    endpoints.map((e) => {
      const urls = Array.isArray(e.urls) ? e.urls.length : 0;
      return { cells: [text(e.operationId), text(e.pathTemplate), plural(urls, 'URL'), text(e.description)] };
    }),
    [{ style: colour.green }, { style: colour.cyan }, { style: colour.dim }, { shrink: 1, min: 20 }],
    { maxWidth: ctx.width },
  );
  ctx.print(lines.join('\n'));
}

/**
 * Date, title and tags in columns, the URL under each title; `lead` adds a first column (a rank
 * or a reading position).
 * @param {Context} ctx
 * @param {Record<string, any>[]} list
 * @param {(post: Record<string, any>, index: number) => string} [lead]
 */
function printPosts(ctx, list, lead) {
  if (list.length === 0) return;
  /** @type {import('./format.js').Column[]} */
  const columns = [
    { style: ctx.colour.cyan },
    { shrink: 2, min: 20, style: ctx.colour.bold },
    { shrink: 1, min: 16, style: ctx.colour.yellow },
  ];
  const lines = table(
    list.map((post, i) => ({
      cells: [...(lead ? [lead(post, i)] : []), day(post.pubDate), text(post.title), allTags(post)],
      below: text(post.url),
    })),
    lead ? [{ align: 'right', style: ctx.colour.dim }, ...columns] : columns,
    { maxWidth: ctx.width, belowColumn: lead ? 2 : 1, belowStyle: ctx.colour.dim },
  );
  ctx.print(lines.join('\n'));
}

/**
 * The body exactly as received, ending in one newline.
 * @param {Context} ctx
 * @param {string} body
 */
function printRaw(ctx, body) {
  ctx.print(body.endsWith('\n') ? body.slice(0, -1) : body);
}

/**
 * @param {Context} ctx
 * @param {string} line
 */
function header(ctx, line) {
  return `${ctx.colour.bold(fit(ctx, line))}\n`;
}

/**
 * Cuts a line to the terminal width (only when stdout is a terminal).
 * @param {Context} ctx
 * @param {string} line
 */
function fit(ctx, line) {
  return ctx.width === undefined ? line : truncate(line, ctx.width);
}

/**
 * "3 of 14 posts" or "14 posts".
 * @param {number} shown
 * @param {number} total
 * @param {string} noun
 */
function count(shown, total, noun) {
  return shown === total || !Number.isFinite(total)
    ? plural(shown, noun)
    : `${shown} of ${plural(total, noun)}`;
}

/**
 * @param {unknown} value
 * @param {string} url
 * @returns {Record<string, any>[]}
 */
function records(value, url) {
  if (!Array.isArray(value)) throw unexpected(url);
  return value.filter(isObject);
}

/** @param {string} url */
function unexpected(url) {
  return new CliError(
    `unexpected answer from ${url}`,
    'Is this a Folio server of a compatible version? Check --base-url.',
  );
}

/** @param {unknown} value */
function text(value) {
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value == null ? '' : String(value);
}

/**
 * Every tag of a post, sorted, so a post shows the same tags in every command: the post index
 * splits them by tier into `tags`, `topics` and `subtopics`, while timelines, series chapters and
 * search results list every tier in `tags`, in front-matter order, which the index cannot give.
 * @param {Record<string, any>} post
 */
function allTags(post) {
  const names = [post.tags, post.topics, post.subtopics].flatMap((list) =>
    Array.isArray(list) ? list.map(text) : [],
  );
  return [...new Set(names)].sort().join(', ');
}

/** @param {unknown} value */
function score(value) {
  return typeof value === 'number' ? value.toFixed(2) : '';
}
