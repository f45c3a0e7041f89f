/** The build command's arguments: parsed, checked, and explained by --help. */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_OUT } from '../../core/deployment.ts';
import { parseDate } from '../content/dates.ts';
import { LAYOUTS, type Layout } from '../content/layout.ts';
import { REPORT_FORMATS, type ReportFormat } from './problem-report.ts';

export const USAGE = `Usage: npm run build -- [options]    (then bundles the functions)
       npm run check -- [options]    (the same as --check)

Checks a content folder and writes the deployment folder: every body as served and a manifest.

Options:
  --content DIR   the content folder (default: $FOLIO_CONTENT, else the project's content/)
  --site DIR      a static site's build output (such as dist/) to serve beside the content: its
                  pages and files as they are, in place of Folio's own pages (--out may be DIR)
  --out DIR       the deployment folder (default: $FOLIO_OUT, else the project's dist/public)
  --base-url URL  the public address every absolute URL is built with (default: $BASE_URL, else
                  baseUrl in site.yaml, else site in an Astro site's astro.config.*)
  --layout NAME   folio or astro (default: detected from the files)
  --now DATE      the build time; later entries are not published (default: the current time)
  --strict        refuse front-matter fields Folio does not use, instead of ignoring them
  --verbose       list each skipped draft, future-dated entry and ignored file
  --check         check everything the build checks, but write nothing
  --format NAME   how problems are printed: text, or github for GitHub Actions annotations
                  (default: text)
  --help          print this help
`;

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  /** A built site served beside the content (`--site`); undefined for Folio's own pages. */
  siteDir: string | undefined;
  /** Given on the command line or by $BASE_URL: wins over the content's own settings. */
  baseUrl: string | undefined;
  layout: Layout | undefined;
  now: Date;
  strict: boolean;
  verbose: boolean;
  /** Check only: the deployment is assembled but not written. */
  check: boolean;
  format: ReportFormat;
}

export type BuildCommand = { help: true } | { help: false; options: BuildOptions };

/** A bad command line, said in one line. */
export class UsageError extends Error {}

const OPTIONS = {
  content: { type: 'string' },
  out: { type: 'string' },
  site: { type: 'string' },
  'base-url': { type: 'string' },
  layout: { type: 'string' },
  now: { type: 'string' },
  strict: { type: 'boolean' },
  verbose: { type: 'boolean' },
  check: { type: 'boolean' },
  format: { type: 'string' },
  help: { type: 'boolean' },
} as const;

/**
 * Relative paths are taken from the working folder `cwd`, which is the project's: the defaults are
 * its content/ and dist/public, as for a tool installed into the project (`npx folio build`).
 */
export function parseBuildArgs(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd = process.cwd(),
): BuildCommand {
  const { values } = parseStrictly(args);
  if (values.help) return { help: true };
  const content = values.content ?? (env.FOLIO_CONTENT || undefined);
  return {
    help: false,
    options: {
      contentDir: resolve(cwd, content ?? 'content'),
      outDir: resolve(cwd, values.out ?? (env.FOLIO_OUT || DEFAULT_OUT)),
      siteDir: values.site === undefined ? undefined : resolve(cwd, values.site),
      baseUrl: values['base-url'] ?? (env.BASE_URL || undefined),
      layout: values.layout === undefined ? undefined : oneOf('--layout', LAYOUTS, values.layout),
      now: values.now === undefined ? new Date() : dateOf(values.now),
      strict: values.strict ?? false,
      verbose: values.verbose ?? false,
      check: values.check ?? false,
      format: values.format === undefined ? 'text' : oneOf('--format', REPORT_FORMATS, values.format),
    },
  };
}

function parseStrictly(args: readonly string[]) {
  try {
    return parseArgs({ args: [...args], options: OPTIONS, strict: true, allowPositionals: false });
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    const token = /'([^']*)'/.exec(message)?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`unknown option ${token}`);
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
      throw new UsageError(`unexpected argument ${JSON.stringify(token)}`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new UsageError(invalidValue(message));
    throw error;
  }
}

/** Node words a missing value as "Option '--content <value>' argument missing" and a value given to a flag as "Option '--strict' does not take an argument". */
function invalidValue(message: string): string {
  const option = /'(--[\w-]+)/.exec(message)?.[1] ?? 'an option';
  return message.includes('does not take') ? `${option} takes no value` : `${option} needs a value`;
}

/** The value of an option that takes one of a few names. */
function oneOf<Name extends string>(option: string, names: readonly Name[], value: string): Name {
  const name = names.find((candidate) => candidate === value);
  if (name) return name;
  throw new UsageError(`${option} expects ${names.join(' or ')}, received ${JSON.stringify(value)}`);
}

function dateOf(value: string): Date {
  const date = parseDate(value);
  if (date) return new Date(date.iso);
  throw new UsageError(
    `--now expects a date such as 2026-01-01 or 2026-01-01T10:00:00Z, received ${JSON.stringify(value)}`,
  );
}
