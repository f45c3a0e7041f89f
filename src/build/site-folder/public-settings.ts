/**
 * The files of a site's public folder that are settings rather than files to publish: its
 * `robots.txt`, which Folio serves as written, and its `_redirects` (Netlify's and Cloudflare's
 * format), which feeds the redirect table. Each is read as UTF-8 text of at most the content
 * file limit; what cannot be read so is kept as the reason, for the compiler to report.
 */
import { join } from 'node:path';
import type { PublicSettings } from '../content/site.ts';
import { readText } from './content-folder.ts';

const PUBLIC_SETTINGS: Record<keyof PublicSettings, string> = {
  robots: '/robots.txt',
  redirects: '/_redirects',
};

const SETTINGS_PATHS = new Set<string>(Object.values(PUBLIC_SETTINGS));

export const isPublicSetting = (path: string) => SETTINGS_PATHS.has(path);

/** The settings files of the public folder `publicFolder`, whose files are `publicPaths` by URL path. */
export function readPublicSettings(
  publicFolder: string | undefined,
  publicPaths: ReadonlySet<string> | undefined,
): PublicSettings {
  const settings: PublicSettings = {};
  for (const [name, path] of Object.entries(PUBLIC_SETTINGS) as [keyof PublicSettings, string][])
    if (publicFolder && publicPaths?.has(path)) settings[name] = readText(join(publicFolder, path));
  return settings;
}
