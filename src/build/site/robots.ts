/**
 * robots.txt (RFC 9309): the owner's own file from the public folder as written, else the owner's
 * rules from site.yaml, each group with the site's usage preferences as a Content-Usage rule
 * (draft-ietf-aipref-attach-05) and a Content-Signal line (contentsignals.org; a named crawler's
 * own where the owner states one), then the sitemap and the AI catalog (`Agentmap`). With no
 * rules, every crawler may read everything. The owner's own file states only what it states (and
 * the sitemap, if it names none).
 * A crawler reads only the group that names it, so every group repeats the preferences.
 */

import { PATHS } from '../../core/paths.ts';
import { contentSignal, contentUsage, type UsagePolicy } from '../../core/usage.ts';
import type { RobotsPolicy, RobotsRules } from '../data/types.ts';

function group(userAgent: string, rules: RobotsRules, usage: UsagePolicy): string {
  const lines = [
    `User-agent: ${userAgent}`,
    `Content-Usage: ${contentUsage(usage)}`,
    `Content-Signal: ${rules.contentSignal ?? contentSignal(usage)}`,
    ...rules.allow.map((path) => `Allow: ${path}`),
    ...rules.disallow.map((path) => `Disallow: ${path}`),
  ];
  // A group needs a rule to mean anything; an empty Disallow allows every path.
  if (rules.allow.length === 0 && rules.disallow.length === 0) lines.push('Disallow:');
  return lines.join('\n');
}

/** A Sitemap line anywhere in the file (RFC 9309 section 2.3.5: the field name is case-insensitive). */
const SITEMAP_LINE = /^\s*sitemap\s*:/im;

export function robotsTxt(policy: RobotsPolicy, usage: UsagePolicy, baseUrl: string): string {
  const sitemap = `Sitemap: ${baseUrl}${PATHS.sitemap}\n`;
  const { written } = policy;
  if (written !== null) {
    if (SITEMAP_LINE.test(written)) return written;
    return `${written}${written === '' || written.endsWith('\n') ? '' : '\n'}\n${sitemap}`;
  }
  // The AI catalog, as the Agentic Resource Discovery draft points crawlers at it.
  const agentmap = `Agentmap: ${baseUrl}${PATHS.aiCatalog}\n`;
  const groups = [
    group('*', { ...policy, contentSignal: null }, usage),
    ...policy.agents.map(({ userAgent, ...rules }) => group(userAgent, rules, usage)),
  ];
  return `${groups.join('\n\n')}\n\n${sitemap}${agentmap}`;
}
