/**
 * The platform whose function the integration writes after the build: the one named in its
 * options, else the one of the site's Astro adapter, else none (the deployment folder alone, which
 * `folio serve` serves).
 */
import { FolioAstroRefusal } from './refusal.ts';

export const PLATFORMS = ['node', 'netlify', 'vercel', 'cloudflare'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Astro's adapters by the name each gives itself. */
const ADAPTERS: Readonly<Record<string, Platform>> = {
  '@astrojs/node': 'node',
  '@astrojs/netlify': 'netlify',
  '@astrojs/vercel': 'vercel',
  '@astrojs/vercel/serverless': 'vercel',
  '@astrojs/vercel/static': 'vercel',
  '@astrojs/cloudflare': 'cloudflare',
};

const isPlatform = (value: unknown): value is Platform => PLATFORMS.some((platform) => platform === value);

/** The platform given in the options, checked; undefined when none is given. */
export function givenPlatform(value: unknown): Platform | undefined {
  if (value === undefined || isPlatform(value)) return value;
  throw new FolioAstroRefusal(
    `folio({ platform }) expects ${PLATFORMS.join(', ')}, received ${JSON.stringify(value)}`,
  );
}

/** The platform to write the function for: the given one, else the adapter's. */
export function platformOf(given: Platform | undefined, adapter: string | undefined): Platform | undefined {
  if (given !== undefined || adapter === undefined) return given;
  const platform = ADAPTERS[adapter];
  if (platform !== undefined) return platform;
  throw new FolioAstroRefusal(
    `the Astro adapter ${adapter} is not one Folio writes a function for: set folio({ platform }) to one of ${PLATFORMS.join(', ')}`,
  );
}
