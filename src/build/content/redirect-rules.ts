/**
 * A `_redirects` file of the public folder, in the format Netlify and Cloudflare Pages read: one
 * rule a line, `from to [status][!]`, `#` starting a comment. Folio answers a redirect from an exact
 * path with a redirect status; every other rule (a splat or placeholder, a rewrite, a condition, a
 * custom 404) is kept apart with the reason, for the build summary.
 */
import * as v from 'valibot';
import { isRedirectStatus, type Redirect } from '../../core/deployment.ts';
import { isFolioPath } from '../../core/paths.ts';
import { redirectTarget, sitePath } from './schema.ts';

/** A rule Folio does not answer: its line number, its text and why. */
export interface UnfollowedRule {
  line: number;
  rule: string;
  reason: string;
}

export interface RedirectRules {
  redirects: Record<string, Redirect>;
  unfollowed: UnfollowedRule[];
}

/** Netlify's default when a rule states no status. */
const DEFAULT_STATUS = 301;
const STATUS = /^(\d{3})!?$/;

/** Why a rule cannot be answered as a redirect, or the redirect it states. */
function ruleOf(fields: readonly string[]): Redirect | string {
  const [from = '', to = '', status, ...conditions] = fields;
  if (fields.length < 2) return 'a rule needs an old path and a new one';
  if (!v.is(sitePath, from)) return 'the old path is not a path of this site';
  if (isFolioPath(from)) return '/api/ and /mcp are answered by Folio';
  if (/[*:]/.test(from) || /:\w|\*/.test(to)) return 'a splat or placeholder names no path';
  const stated = status === undefined ? undefined : STATUS.exec(status);
  if (status !== undefined && !stated)
    return 'a condition (query, country, language, role) cannot be checked';
  if (conditions.length > 0) return 'a condition (query, country, language, role) cannot be checked';
  const code = stated ? Number(stated[1]) : DEFAULT_STATUS;
  if (code === 200) return 'a rewrite (200) serves another path in place, which Folio does not do';
  if (!isRedirectStatus(code)) return `status ${code} is not a redirect (301, 302, 303, 307 or 308)`;
  if (!v.is(redirectTarget, to)) return 'the new place is neither a site path nor an absolute http(s) URL';
  return { to, status: code };
}

export function readRedirectRules(text: string): RedirectRules {
  const rules: RedirectRules = { redirects: {}, unfollowed: [] };
  text.split(/\r?\n/).forEach((raw, i) => {
    const rule = raw.replace(/(^|\s)#.*$/, '').trim();
    if (rule === '') return;
    const fields = rule.split(/\s+/);
    const redirect = ruleOf(fields);
    if (typeof redirect === 'string')
      rules.unfollowed.push({ line: i + 1, rule: fields.join(' '), reason: redirect });
    else rules.redirects[fields[0] as string] ??= redirect;
  });
  return rules;
}
