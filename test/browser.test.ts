/**
 * The pages in a real browser: the Chromium of the test runtimes (test/support/chromium.mjs) driven
 * by playwright-core against the Node server.
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { AxeResults } from 'axe-core';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang, SiteData } from '../src/build/data/types.ts';
import { siteLinks } from '../src/build/site/links.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium.mjs';
import { servedData } from './support/data.ts';
import { staticPageFlags } from './support/lighthouse-flags.ts';
import { ROOT, type RunningServer, startNode } from './support/server.ts';

/** The served fixture blog's languages, English at the root. */
const LANGS = ['en', 'es'] as const;
const { langRoot, portalPath, tagPath, talksPath } = siteLinks(LANGS);

const ARTIFACTS = resolve(ROOT, 'test/artifacts');

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Lighthouse's accessibility category alone. */
const LIGHTHOUSE_FLAGS: Flags = staticPageFlags('accessibility');

describe('pages in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let data: SiteData;

  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    data = await servedData();
    server = await startNode();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Opens a path, failing on any console error or failed request, and saves a screenshot. */
  async function open(path: string, name: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
    });
    const response = await page.goto(server.url + path);
    expect(response?.status()).toBe(200);
    await page.screenshot({ path: resolve(ARTIFACTS, `${name}.png`), fullPage: false });
    expect(problems).toEqual([]);
    return page;
  }

  it('renders the home page', async () => {
    const page = await open('/', 'home');
    await expect(page.locator('h1').first().isVisible()).resolves.toBe(true);
    expect(await page.title()).not.toBe('');
    expect(await page.locator('.entry').count()).toBeGreaterThan(0);
  });

  it('renders a post and switches to its Spanish translation', async () => {
    const posts = (await (await fetch(`${server.url}/api/posts-en.json`)).json()) as {
      slug: string;
      title: string;
      url: string;
    }[];
    const spanish = (await (await fetch(`${server.url}/api/posts-es.json`)).json()) as {
      slug: string;
      title: string;
      url: string;
    }[];
    const post = posts.find((p) => spanish.some((s) => s.slug === p.slug))!;
    const translation = spanish.find((s) => s.slug === post.slug)!;
    const page = await open(new URL(post.url).pathname, 'post');
    expect(await page.locator('h1').textContent()).toBe(post.title);
    expect(await page.title()).toContain(post.title);
    await page.locator('a.lang-switch').click();
    await page.waitForURL(server.url + new URL(translation.url).pathname);
    expect(await page.locator('h1').textContent()).toBe(translation.title);
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    await page.screenshot({ path: resolve(ARTIFACTS, 'post-es.png') });
  });

  it('renders the developer portal with its sections', async () => {
    const page = await open('/developers', 'developers');
    await expect(page.locator('h1').isVisible()).resolves.toBe(true);
    for (const id of ['endpoints', 'errors', 'rate-limits', 'versioning', 'authentication', 'license']) {
      expect(await page.locator(`#${id}`).count()).toBe(1);
    }
  });

  it('stays readable on a phone-sized screen', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${server.url}/developers`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: resolve(ARTIFACTS, 'developers-phone.png') });
  });

  it('leaves room between the site header and the first line of the page', async () => {
    const post = data.posts.find((p) => p.lang === 'en')!;
    for (const path of [langRoot('en'), post.path, portalPath('es')]) {
      const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
      await page.goto(server.url + path);
      const gap = await page.evaluate(() => {
        const header = document.querySelector('header.site')!.getBoundingClientRect();
        const first = document.querySelector('main article > header > *')!;
        return first.getBoundingClientRect().top - header.bottom;
      });
      expect(gap, path).toBeGreaterThanOrEqual(24);
      await page.close();
    }
  });

  /** One page of each kind in a language: home, a post, a series, a tag, talks, a native deck, the portal. */
  function pagesToAudit(lang: Lang): string[] {
    const post = data.posts.find((p) => p.lang === lang)!;
    const series = data.series.find((s) => s.lang === lang)!;
    const deck = data.decks.find((d) => d.lang === lang && d.type === 'native')!;
    return [
      langRoot(lang),
      post.path,
      series.path,
      tagPath(lang, post.allTags[0]!),
      talksPath(lang),
      deck.path,
      portalPath(lang),
    ];
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no axe-core violations on every kind of page, in both languages, in the ${colorScheme} scheme`, async () => {
      const context = await browser.newContext({ colorScheme, viewport: { width: 1100, height: 900 } });
      const page = await context.newPage();
      const violations: string[] = [];
      for (const path of LANGS.flatMap(pagesToAudit)) {
        expect((await page.goto(server.url + path))?.status(), path).toBe(200);
        await page.addScriptTag({ content: AXE_SOURCE });
        const results = await page.evaluate(() => (window as unknown as { axe: AxeApi }).axe.run(document));
        for (const violation of results.violations) {
          const where = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3);
          violations.push(`${path}: ${violation.id} (${violation.impact}) at ${where.join(', ')}`);
        }
      }
      await context.close();
      expect(violations).toEqual([]);
    }, 120_000);
  }

  // axe-core (above) checks every page in both languages and both schemes. Lighthouse scores its
  // accessibility category with axe-core's rules, so it scores each kind of page once, in the light
  // scheme, the kinds taking the two languages in turn: the score a third party gives, not more
  // coverage.
  it("scores 100 in Lighthouse's accessibility category on every kind of page", async () => {
    const [english, spanish] = [pagesToAudit('en'), pagesToAudit('es')];
    const pages = english.map((path, i) => (i % 2 === 0 ? path : (spanish[i] as string)));
    const chrome = await launchChrome({ chromePath: CHROMIUM, chromeFlags: [...CHROMIUM_ARGS] });
    const failures: string[] = [];
    try {
      for (const path of pages) {
        const run = await lighthouse(server.url + path, { port: chrome.port, ...LIGHTHOUSE_FLAGS });
        const lhr = run!.lhr;
        const score = lhr.categories.accessibility!.score;
        const failed = lhr.categories
          .accessibility!.auditRefs.map((ref) => lhr.audits[ref.id]!)
          .filter((audit) => audit.score !== null && audit.score < 1)
          .map((audit) => audit.id);
        if (lhr.runtimeError || score !== 1) {
          failures.push(`${path}: ${score} ${lhr.runtimeError?.message ?? failed.join(', ')}`);
        }
      }
    } finally {
      chrome.kill();
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

interface AxeApi {
  run(context: Document): Promise<AxeResults>;
}
