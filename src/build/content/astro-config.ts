/**
 * What Folio takes from an Astro site's own files, read and never run: `site` and `redirects` from
 * `astro.config.*`, and the blog's title and description from `src/consts.ts` (`SITE_TITLE`,
 * `SITE_DESCRIPTION`, as Astro's blog template has them). Each file is parsed as a module by acorn
 * (its TypeScript types removed by esbuild first); only literals are read: a value computed at run
 * time (`process.env.SITE`, a function call, a template literal with `${…}`) is reported as unread.
 */
import { type Expression, type ObjectExpression, type Program, type Property, parse } from 'acorn';
import { transformSync } from 'esbuild';

/** A redirect of the config with an exact old path: where to, and the status when it states one. */
export interface AstroRedirect {
  destination: string;
  status?: number;
}

/** What the site's files state, and what they hold that could not be read as a literal. */
export interface AstroSiteHints {
  site?: string;
  /** The locales of Astro's `i18n`, its default first (read from the resolved config only). */
  languages?: string[];
  redirects?: Record<string, AstroRedirect>;
  /**
   * Redirects of dynamic routes (`/old/[slug]`), which name no path Folio could answer, as
   * `/old/[slug] -> /new/[slug] in astro.config.mjs`.
   */
  dynamicRedirects?: string[];
  title?: string;
  description?: string;
  /** The module the title and description were read from, such as `src/lib/constances.ts`. */
  constantsFile?: string;
  /** `author` of the site's package.json, its URL from `homepage` when it gives none. */
  packageAuthor?: { name: string; url?: string };
  /** `license` of the site's package.json. */
  packageLicense?: string;
  /** One phrase per value that is there but not a literal, e.g. `site in astro.config.mjs`. */
  unread: string[];
}

type Literal = string | number | { [key: string]: Literal };

/** The module the text is, its types removed; undefined when it is not one (no hints, then). */
function programOf(source: string): Program | undefined {
  try {
    const { code } = transformSync(source, { loader: 'ts' });
    return parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  } catch {
    return undefined;
  }
}

/** A string, a number, a template literal without `${…}`, or an object of them; undefined for anything else. */
function literalOf(node: Expression | null | undefined): Literal | undefined {
  if (!node) return undefined;
  if (node.type === 'Literal')
    return typeof node.value === 'string' || typeof node.value === 'number' ? node.value : undefined;
  if (node.type === 'TemplateLiteral')
    return node.expressions.length === 0 ? (node.quasis[0]?.value.cooked ?? undefined) : undefined;
  if (node.type !== 'ObjectExpression') return undefined;
  const object: Record<string, Literal> = {};
  for (const property of node.properties) {
    if (property.type !== 'Property' || property.kind !== 'init') return undefined;
    const key = keyOf(property);
    const value = literalOf(property.value);
    if (key === undefined || value === undefined) return undefined;
    object[key] = value;
  }
  return object;
}

/** A property's name when it is written out (`site`, `'/old/'`), not computed. */
function keyOf({ key, computed }: Property): string | undefined {
  if (key.type === 'Identifier' && !computed) return key.name;
  const literal = literalOf(key);
  return typeof literal === 'string' || typeof literal === 'number' ? String(literal) : undefined;
}

/** The top-level constants of the module (exported or not) by name, with what they are set to. */
function constantsOf(program: Program): Map<string, Expression> {
  const constants = new Map<string, Expression>();
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const { id, init } of declaration.declarations)
      if (id.type === 'Identifier' && init) constants.set(id.name, init);
  }
  return constants;
}

/**
 * The object the module exports as its config: `export default defineConfig({…})`,
 * `export default {…}`, or either set to a constant that is exported by name.
 */
function configObject(program: Program): ObjectExpression | undefined {
  const exported = program.body.find((statement) => statement.type === 'ExportDefaultDeclaration');
  let node = exported?.declaration as Expression | undefined;
  if (node?.type === 'Identifier') node = constantsOf(program).get(node.name);
  if (
    node?.type === 'CallExpression' &&
    node.callee.type === 'Identifier' &&
    node.callee.name === 'defineConfig'
  )
    node = node.arguments[0] as Expression | undefined;
  return node?.type === 'ObjectExpression' ? node : undefined;
}

/** The value of each key the config object writes out, the last one when a key is written twice. */
function topLevelValues(config: ObjectExpression): Map<string, Expression> {
  const values = new Map<string, Expression>();
  for (const property of config.properties) {
    const key = property.type === 'Property' ? keyOf(property) : undefined;
    if (key !== undefined && property.type === 'Property') values.set(key, property.value);
  }
  return values;
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
export function readRedirects(
  file: string,
  redirects: Literal | undefined,
): Partial<AstroSiteHints> | undefined {
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
  const hints: AstroSiteHints = { unread: [] };
  const program = programOf(source);
  const config = program && configObject(program);
  if (!config) return hints;
  const values = topLevelValues(config);
  if (values.has('site')) {
    const site = literalOf(values.get('site'));
    if (typeof site === 'string') hints.site = site;
    else hints.unread.push(`site in ${file}`);
  }
  if (values.has('redirects')) {
    const redirects = readRedirects(file, literalOf(values.get('redirects')));
    if (redirects) Object.assign(hints, redirects);
    else hints.unread.push(`redirects in ${file}`);
  }
  return hints;
}

/** `SITE_TITLE` and `SITE_DESCRIPTION` set to string literals in the site's `src/consts.ts`. */
export function readAstroConsts(source: string): Pick<AstroSiteHints, 'title' | 'description'> {
  const program = programOf(source);
  const constants = program ? constantsOf(program) : new Map<string, Expression>();
  const constant = (name: string) => {
    const value = literalOf(constants.get(name));
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const title = constant('SITE_TITLE');
  const description = constant('SITE_DESCRIPTION');
  return { ...(title && { title }), ...(description && { description }) };
}
