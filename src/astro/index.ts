/**
 * The Astro integration (`import folio from 'folio/astro'`, `integrations: [folio()]`): one hook
 * per module. `astro:config:done` reads the site (./site-config.ts), `astro:build:done` builds
 * Folio beside the pages Astro wrote and writes the platform's function (./build-beside.ts), and
 * in `astro dev` the API, MCP and twins answer inside Astro's dev server (./dev-server.ts).
 */
import type { AstroIntegration } from './astro-types.ts';
import { buildBeside } from './build-beside.ts';
import { devHooks } from './dev-server.ts';
import { givenPlatform, type Platform } from './platform.ts';
import { refusing } from './refusing.ts';
import { type AstroSite, readSiteConfig } from './site-config.ts';

export type { AstroIntegration } from './astro-types.ts';
export type { Platform } from './platform.ts';

export interface FolioAstroOptions {
  /** The platform to write Folio's function for, instead of the one of the site's adapter. */
  platform?: Platform;
}

export default function folio(options: FolioAstroOptions = {}): AstroIntegration {
  let site: AstroSite | undefined;
  // Astro runs astro:config:done before every other hook Folio has.
  const siteOf = () => site as AstroSite;
  const dev = devHooks(siteOf);
  return {
    name: 'folio',
    hooks: {
      'astro:config:done': ({ config, logger }) =>
        refusing(logger, () => {
          site = readSiteConfig(config, givenPlatform(options.platform));
        }),
      'astro:server:setup': dev.setup,
      'astro:server:start': dev.start,
      'astro:build:done': ({ dir, logger }) => refusing(logger, () => buildBeside(siteOf(), dir, logger)),
    },
  };
}
