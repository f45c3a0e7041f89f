/**
 * What Folio takes from an Astro site's own files, read as text and never run: `site` and
 * `redirects` from `astro.config.*`, and the blog's title and description from `src/consts.ts`
 * (`SITE_TITLE`, `SITE_DESCRIPTION`, as Astro's blog template has them). Only literals are read: a
 * value computed at run time (`process.env.SITE`, a function call) is reported as unread.
 */
import { stringEnd } from './js-string.ts';

/** A redirect of the config with an exact old path: where to, and the status when it states one. */
export interface AstroRedirect {
  destination: string;
  status?: number;
}

/** What the site's files state, and what they hold that could not be read as a literal. */
export interface AstroSiteHints {
  site?: string;
  redirects?: Record<string, AstroRedirect>;
  /**
   * Redirects of dynamic routes (`/old/[slug]`), which name no path Folio could answer, as
   * `/old/[slug] -> /new/[slug] in astro.config.mjs`.
   */
  dynamicRedirects?: string[];
  title?: string;
  description?: string;
  /** One phrase per value that is there but not a literal, e.g. `site in astro.config.mjs`. */
  unread: string[];
}

type Literal = string | number | { [key: string]: Literal };

/** The text with comments blanked out (strings kept whole), so offsets stay those of the text. */
function withoutComments(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; ) {
    const char = text[i] as string;
    if (char === '"' || char === "'" || char === '`') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (text.startsWith('/*', i)) {
      const close = text.indexOf('*/', i + 2);
      const stop = close < 0 ? text.length : close + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else {
      out += char;
      i++;
    }
  }
  return out;
}

/** A small reader of JavaScript literals: strings, numbers and objects of them; anything else is undefined. */
class LiteralReader {
  constructor(
    private readonly text: string,
    public at: number,
  ) {}

  private skipSpace(): void {
    while (/\s/.test(this.text[this.at] ?? '')) this.at++;
  }

  value(): Literal | undefined {
    this.skipSpace();
    const char = this.text[this.at];
    if (char === '{') return this.object();
    if (char === '"' || char === "'" || char === '`') return this.string();
    const number = /^\d+(?=[\s,}])/.exec(this.text.slice(this.at, this.at + 16))?.[0];
    if (number === undefined) return undefined;
    this.at += number.length;
    return Number(number);
  }

  private string(): string | undefined {
    const end = stringEnd(this.text, this.at);
    const raw = this.text.slice(this.at + 1, end - 1);
    const quote = this.text[this.at];
    this.at = end;
    if (quote === '`' && raw.includes('${')) return undefined;
    return raw.replace(/\\(.)/g, '$1');
  }

  private key(): string | undefined {
    this.skipSpace();
    const char = this.text[this.at];
    if (char === '"' || char === "'") return this.string();
    const name = /^[A-Za-z_$][\w$]*/.exec(this.text.slice(this.at))?.[0];
    if (name) this.at += name.length;
    return name;
  }

  private object(): Record<string, Literal> | undefined {
    const object: Record<string, Literal> = {};
    this.at++;
    for (;;) {
      this.skipSpace();
      if (this.text[this.at] === '}') {
        this.at++;
        return object;
      }
      const key = this.key();
      this.skipSpace();
      if (key === undefined || this.text[this.at] !== ':') return undefined;
      this.at++;
      const value = this.value();
      if (value === undefined) return undefined;
      object[key] = value;
      this.skipSpace();
      if (this.text[this.at] === ',') this.at++;
      else if (this.text[this.at] !== '}') return undefined;
    }
  }
}

/** The offset of each key of the config object at its top level (`defineConfig({…})` or `export default {…}`). */
function topLevelKeys(text: string): Map<string, number> {
  const keys = new Map<string, number>();
  const start = /(?:defineConfig\s*\(\s*|export\s+default\s+)\{/.exec(text);
  if (!start) return keys;
  let depth = 0;
  for (let i = start.index + start[0].length - 1; i < text.length; i++) {
    const char = text[i] as string;
    if (char === '"' || char === "'" || char === '`') {
      i = stringEnd(text, i) - 1;
      continue;
    }
    if ('{[('.includes(char)) depth++;
    else if ('}])'.includes(char) && --depth === 0) break;
    else if (depth === 1) {
      const key = /^([A-Za-z_$][\w$]*)\s*:/.exec(text.slice(i, i + 64));
      if (key && !/[\w$]/.test(text[i - 1] ?? '') && !keys.has(key[1] as string)) {
        keys.set(key[1] as string, i + key[0].length);
        i += key[0].length - 1;
      }
    }
  }
  return keys;
}

/** A redirect's target: a path string, or Astro's `{ status, destination }`. */
function redirectOf(value: Literal): AstroRedirect | undefined {
  if (typeof value === 'string') return { destination: value };
  if (typeof value !== 'object' || typeof value.destination !== 'string') return undefined;
  const { destination, status } = value;
  return typeof status === 'number' ? { destination, status } : { destination };
}

/** A route with a parameter (`[slug]`, `[...path]`) stands for many paths, which the config does not list. */
const isDynamic = (path: string) => path.includes('[');

/** The redirects of a literal `redirects` object, those of dynamic routes apart; undefined when one is no literal. */
function readRedirects(file: string, redirects: Literal | undefined): Partial<AstroSiteHints> | undefined {
  if (redirects === undefined || typeof redirects !== 'object') return undefined;
  const exact: Record<string, AstroRedirect> = {};
  const dynamic: string[] = [];
  for (const [from, value] of Object.entries(redirects)) {
    const redirect = redirectOf(value);
    if (redirect === undefined) return undefined;
    if (isDynamic(from) || isDynamic(redirect.destination))
      dynamic.push(`${from} -> ${redirect.destination} in ${file}`);
    else exact[from] = redirect;
  }
  return { redirects: exact, ...(dynamic.length > 0 && { dynamicRedirects: dynamic }) };
}

/** `site` and `redirects` from the text of `astro.config.*` (named `file` in what is unread). */
export function readAstroConfig(file: string, source: string): AstroSiteHints {
  const text = withoutComments(source);
  const keys = topLevelKeys(text);
  const hints: AstroSiteHints = { unread: [] };
  const siteAt = keys.get('site');
  if (siteAt !== undefined) {
    const site = new LiteralReader(text, siteAt).value();
    if (typeof site === 'string') hints.site = site;
    else hints.unread.push(`site in ${file}`);
  }
  const redirectsAt = keys.get('redirects');
  if (redirectsAt !== undefined) {
    const redirects = readRedirects(file, new LiteralReader(text, redirectsAt).value());
    if (redirects) Object.assign(hints, redirects);
    else hints.unread.push(`redirects in ${file}`);
  }
  return hints;
}

/** `SITE_TITLE` and `SITE_DESCRIPTION` exported as string literals from the site's `src/consts.ts`. */
export function readAstroConsts(source: string): Pick<AstroSiteHints, 'title' | 'description'> {
  const text = withoutComments(source);
  const constant = (name: string) => {
    const at = new RegExp(`\\b${name}\\s*(?::\\s*string\\s*)?=\\s*`).exec(text);
    if (!at) return undefined;
    const value = new LiteralReader(text, at.index + at[0].length).value();
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const title = constant('SITE_TITLE');
  const description = constant('SITE_DESCRIPTION');
  return { ...(title && { title }), ...(description && { description }) };
}
