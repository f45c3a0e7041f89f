/**
 * The pages in a real browser: Debian's Chromium driven by playwright-core against the Node server.
 * Outside CI the suite skips, saying why, when no Chromium is installed; in CI it must run.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type RunningServer, startNode } from './support/server.ts';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = resolve(ROOT, 'test/artifacts');
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const installed = existsSync(CHROMIUM);
const inCi = process.env.CI === 'true';
if (!installed && !inCi) {
  console.log(`browser test skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
}

describe.skipIf(!installed && !inCi)('pages in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    if (!installed) throw new Error(`CI=true but no Chromium at ${CHROMIUM}`);
    await mkdir(ARTIFACTS, { recursive: true });
    server = await startNode();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
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
});
