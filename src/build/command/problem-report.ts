/**
 * How the build and check commands print problems: plain lines for people, or GitHub Actions
 * annotations (`--format github`) that point at the file and, for a front-matter or YAML field,
 * its line.
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { type ContentIssue, formatIssue } from '../content/errors.ts';
import { fieldLine } from '../content/front-matter.ts';
import type { LinkRef } from '../content/links.ts';

export const REPORT_FORMATS = ['text', 'github'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The lines that report a content folder's problems, in the given format. */
export async function contentProblemLines(
  issues: readonly ContentIssue[],
  contentDir: string,
  format: ReportFormat,
  cwd = process.cwd(),
): Promise<string[]> {
  if (format === 'text')
    return [
      `folio: the content in ${contentDir} has ${issues.length} problem(s):`,
      ...issues.map((issue) => `  ${formatIssue(issue)}`),
    ];
  return Promise.all(issues.map((issue) => issueAnnotation(issue, contentDir, cwd)));
}

/**
 * The internal links and images that will not resolve: warnings, or errors with --strict, each
 * naming the file and line and the target as written.
 */
export function linkProblemLines(
  links: readonly LinkRef[],
  contentDir: string,
  format: ReportFormat,
  severity: 'warning' | 'error',
  cwd = process.cwd(),
): string[] {
  const message = ({ kind, target }: LinkRef) =>
    `${kind} ${target} does not resolve to a page, file or redirect of this site`;
  if (format === 'github')
    return links.map((link) => {
      const where = `file=${escapeProperty(annotationPath(join(contentDir, link.file), link.file, cwd))},line=${link.line}`;
      return `::${severity} ${where}::${escapeData(`${link.file}:${link.line}: ${message(link)}`)}`;
    });
  const head =
    severity === 'error'
      ? `folio: the content in ${contentDir} has ${links.length} problem(s):`
      : `folio: ${links.length} internal link(s) and image(s) will not resolve (--strict refuses them):`;
  return [head, ...links.map((link) => `  ${link.file}:${link.line}: ${message(link)}`)];
}

/**
 * One problem that is not about a file, such as a missing folder, in the given format: an error
 * (the build fails) or a warning (it goes on), which the text says.
 */
export function problemLine(
  message: string,
  format: ReportFormat,
  severity: 'error' | 'warning' = 'error',
): string {
  if (format === 'github') return `::${severity}::${escapeData(`folio: ${message}`)}`;
  return severity === 'error' ? `folio: ${message}` : `folio: warning: ${message}`;
}

async function issueAnnotation(issue: ContentIssue, contentDir: string, cwd: string): Promise<string> {
  const path = join(contentDir, issue.file);
  const line = issue.line ?? fieldLine(await readFile(path, 'utf8').catch(() => ''), issue.file, issue.field);
  const where = [`file=${escapeProperty(annotationPath(path, issue.file, cwd))}`];
  if (line !== undefined) where.push(`line=${line}`);
  return `::error ${where.join(',')}::${escapeData(formatIssue(issue))}`;
}

/** Relative to the working folder (the repository in a CI job) when the file is inside it, else to the content folder. */
function annotationPath(path: string, file: string, cwd: string): string {
  const fromHere = relative(cwd, path);
  return fromHere.startsWith('..') || isAbsolute(fromHere) ? file : fromHere.split(sep).join('/');
}

/** GitHub's workflow-command escaping: a message keeps to one line. */
function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}
