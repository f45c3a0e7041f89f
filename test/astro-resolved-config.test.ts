/**
 * What Astro resolved for a site (the integration reads it in `astro:config:done`) stands in for
 * what Folio reads of the config's text: the public address, the locales of `i18n` (the default
 * first) and the redirects, a site computed at run time included. The Astro-shaped fixture is
 * compiled in-process with and without it.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentError } from '../src/build/content/errors.ts';
import { buildContent } from '../src/build/index.ts';
import { BUILD_TIME, FIXTURES } from './support/fixtures.ts';

const CONTENT = resolve(FIXTURES, 'astro-site/src/content');
const compile = (astroConfig?: Parameters<typeof buildContent>[1]['astroConfig']) =>
  buildContent(CONTENT, { now: BUILD_TIME, astroConfig });

describe("Astro's resolved config", () => {
  it('gives the languages of i18n, its default first, and says so', async () => {
    const { data, report } = await compile({ languages: ['es', 'en'], redirects: {} });
    expect(data.site.languages).toEqual(['es', 'en']);
    expect(report.inferred).toContain('languages es, en (i18n in the Astro config)');
    const folders = await compile();
    expect(folders.data.site.languages).toEqual(['en', 'es']);
    expect(folders.report.inferred).toContain('languages en, es (the language folders)');
  });

  it("replaces the address and the redirects the config's text states", async () => {
    const { data, report } = await compile({
      site: 'https://resolved.example',
      redirects: { '/moved/': { status: 308, destination: '/blog/callouts/' }, '/old/[slug]': '/new/[slug]' },
    });
    expect(data.site.baseUrl).toBe('https://resolved.example');
    expect(data.redirects['/moved/']).toEqual({ to: '/blog/callouts/', status: 308 });
    // The text's own redirects are the resolved config's now: they are gone with it.
    expect(data.redirects['/latest/']).toBeUndefined();
    expect(report.dynamicRedirects).toEqual(['/old/[slug] -> /new/[slug] in the Astro config']);
  });

  it('refuses a locale that is no language code, naming the field', async () => {
    const refused = await compile({ languages: ['en', 'pt_BR'], redirects: {} }).catch((error) => error);
    expect(refused).toBeInstanceOf(ContentError);
    expect((refused as ContentError).issues).toContainEqual(
      expect.objectContaining({ file: 'astro.config', field: 'i18n.locales', received: '"pt_BR"' }),
    );
  });
});
