/** The command line: `folio <command> [arguments] [flags]`. */
import { UsageError } from './errors.js';
import { splitFlags } from './flags.js';

export const COMMANDS = /** @type {const} */ (['posts', 'search', 'read', 'series', 'tag', 'talks', 'api']);
/** @typedef {typeof COMMANDS[number]} Command */

export const DEFAULT_BASE_URL = 'http://localhost:8787';
export const DEFAULT_TIMEOUT_SECONDS = 10;

/** Largest `--limit` per command (the server's own ranges). */
const MAX_LIMIT = /** @type {Record<string, number>} */ ({ posts: 500, search: 50, tag: 500 });
const SLUG = /^[a-z0-9-]+$/;
const MAX_QUERY = 200;

const OPTIONS = /** @type {const} */ ({
  json: { type: 'boolean' },
  lang: { type: 'string' },
  limit: { type: 'string' },
  'base-url': { type: 'string' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
});

/**
 * @typedef {object} Invocation
 * @property {Command | undefined} command
 * @property {string[]} args Positional arguments after the command.
 * @property {boolean} json
 * @property {string} lang The content language: --lang, else the blog's first (found on the server).
 * @property {boolean} langGiven Whether --lang was given.
 * @property {number | undefined} limit
 * @property {string} baseUrl Without a trailing slash.
 * @property {number} timeoutMs
 * @property {boolean} help
 * @property {boolean} version
 */

/**
 * @param {string[]} argv The arguments after `folio`.
 * @param {Record<string, string | undefined>} env
 * @returns {Invocation}
 */
export function parse(argv, env) {
  const { values, positionals } = splitFlags(argv, OPTIONS);
  const [name, ...args] = positionals;
  const help = values.help === true;
  const version = values.version === true;

  /** @type {Command | undefined} */
  let command;
  if (name !== undefined) {
    command = COMMANDS.find((c) => c === name);
    if (!command) {
      const near = COMMANDS.find((c) => distance(c, name) <= 2);
      throw new UsageError(
        `unknown command '${name}'${near ? ` (did you mean '${near}'?)` : ''}`,
        `Commands: ${COMMANDS.join(', ')}. Run \`folio --help\`.`,
      );
    }
  }

  const invocation = {
    command,
    args,
    json: values.json === true,
    lang: parseLang(values.lang) ?? DEFAULT_LANG,
    langGiven: values.lang !== undefined,
    limit: /** @type {number | undefined} */ (undefined),
    baseUrl: parseBaseUrl(values['base-url'], env),
    timeoutMs: parseTimeout(values.timeout),
    help,
    version,
  };
  if (help || version || !command) return invocation;

  if (values.limit !== undefined) {
    const max = MAX_LIMIT[command];
    if (max === undefined) {
      throw new UsageError(`'folio ${command}' has no --limit flag`, `Run \`folio ${command} --help\`.`);
    }
    invocation.limit = parseLimit(values.limit, max);
  }
  checkArguments(command, args);
  return invocation;
}

/**
 * @param {Command} command
 * @param {string[]} args
 */
function checkArguments(command, args) {
  const extra = (/** @type {number} */ allowed) => {
    if (args.length > allowed) {
      throw new UsageError(
        `unexpected argument '${args[allowed]}' for 'folio ${command}'`,
        `Run \`folio ${command} --help\`.`,
      );
    }
  };
  switch (command) {
    case 'search': {
      const query = args.join(' ').trim();
      if (!query) throw new UsageError('missing search query', 'Usage: folio search <query> [--limit N]');
      if (query.length > MAX_QUERY) {
        throw new UsageError(
          `search query is ${query.length} characters; the most is ${MAX_QUERY}`,
          'Use fewer words.',
        );
      }
      return;
    }
    case 'series': {
      extra(1);
      const slug = args[0];
      if (slug !== undefined && !SLUG.test(slug)) {
        throw new UsageError(
          `'${slug}' is not a series slug (lowercase letters, digits and dashes)`,
          'Run `folio series` to list the series and their slugs.',
        );
      }
      return;
    }
    case 'read': {
      extra(1);
      const slug = args[0];
      if (slug === undefined) {
        throw new UsageError(
          'missing post slug',
          'Usage: folio read <slug>; `folio posts` and `folio search` give slugs.',
        );
      }
      if (!SLUG.test(slug)) {
        throw new UsageError(
          `'${slug}' is not a post slug (lowercase letters, digits and dashes)`,
          'Run `folio posts` or `folio search <words>` to find a post and its slug.',
        );
      }
      return;
    }
    case 'tag': {
      extra(1);
      if (!args[0]?.trim())
        throw new UsageError('missing tag', 'Usage: folio tag <tag> [--limit N], e.g. folio tag http');
      return;
    }
    default:
      extra(0);
  }
}

/** What a command reads without --lang until the server says the blog is in other languages. */
const DEFAULT_LANG = 'en';
/** A lower-case language code, as the server names its languages (`fr`, `pt-br`, `es-419`). */
const LANGUAGE_CODE = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/;

/**
 * @param {string | boolean | undefined} value
 * @returns {string | undefined}
 */
function parseLang(value) {
  if (value === undefined || (typeof value === 'string' && LANGUAGE_CODE.test(value))) return value;
  throw new UsageError(
    `--lang must be a lower-case language code such as en, fr or pt-br, not '${value}'`,
    'Use one of the languages the blog is written in; `folio api /api/index.json` lists its endpoints.',
  );
}

/**
 * @param {string | boolean} value
 * @param {number} max
 */
function parseLimit(value, max) {
  const text = String(value);
  const n = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new UsageError(
      `--limit must be a whole number from 1 to ${max}, not '${text}'`,
      `Use e.g. --limit 5 (1 to ${max}).`,
    );
  }
  return n;
}

/** @param {string | boolean | undefined} value */
function parseTimeout(value) {
  if (value === undefined) return DEFAULT_TIMEOUT_SECONDS * 1000;
  const text = String(value);
  const seconds = /^[0-9]+(\.[0-9]+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!(seconds > 0 && seconds <= 600)) {
    throw new UsageError(
      `--timeout must be a number of seconds above 0 and up to 600, not '${text}'`,
      'Use e.g. --timeout 30.',
    );
  }
  return Math.round(seconds * 1000);
}

/**
 * @param {string | boolean | undefined} flag
 * @param {Record<string, string | undefined>} env
 */
function parseBaseUrl(flag, env) {
  const fromEnv = flag === undefined && Boolean(env.FOLIO_BASE_URL);
  const raw = String(flag ?? (env.FOLIO_BASE_URL || DEFAULT_BASE_URL));
  const source = fromEnv ? 'FOLIO_BASE_URL' : '--base-url';
  /** @type {URL} */
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(
      `${source} '${raw}' is not a URL`,
      'Use an address like http://localhost:8787 or https://example.com.',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(
      `${source} '${raw}' is not an http or https URL`,
      'Use an address like https://example.com.',
    );
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/**
 * Edit distance, for "did you mean" suggestions.
 * @param {string} a
 * @param {string} b
 */
function distance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
