/**
 * robots.txt (RFC 9309): the owner's own file from the public folder as written, else the owner's
 * rules from site.yaml, a Content-Signal line where the owner states one (contentsignals.org); and
 * the sitemap. With no rules, every crawler may read everything.
 */

import { PATHS } from '../../core/paths.ts';
import type { RobotsPolicy, RobotsRules } from '../data/types.ts';

function group(userAgent: string, rules: RobotsRules): string {
  const lines = [
    `User-agent: ${userAgent}`,
    ...(rules.contentSignal ? [`Content-Signal: ${rules.contentSignal}`] : []),
    ...rules.allow.map((path) => `Allow: ${path}`),
    ...rules.disallow.map((path) => `Disallow: ${path}`),
  ];
  // A group needs a rule to mean anything; an empty Disallow allows every path.
  if (rules.allow.length === 0 && rules.disallow.length === 0) lines.push('Disallow:');
  return lines.join('\n');
}

/** A Sitemap line anywhere in the file (RFC 9309 section 2.3.5: the field name is case-insensitive). */
const SITEMAP_LINE = /^\s*sitemap\s*:/im;

export function robotsTxt(policy: RobotsPolicy, baseUrl: string): string {
  const sitemap = `Sitemap: ${baseUrl}${PATHS.sitemap}\n`;
  const { written } = policy;
  if (written !== null) {
    if (SITEMAP_LINE.test(written)) return written;
    return `${written}${written === '' || written.endsWith('\n') ? '' : '\n'}\n${sitemap}`;
  }
  const groups = [
    group('*', policy),
    ...policy.agents.map(({ userAgent, ...rules }) => group(userAgent, rules)),
  ];
  return `${groups.join('\n\n')}\n\n${sitemap}`;
}
