/**
 * WebMCP in real Chromium (the test runtimes', test/support/chromium.mjs, with the feature enabled): the home page, a post page and a
 * listing register the same tools as /mcp's tools/list (names, input schemas, read-only), each
 * call answers what /mcp's tools/call answers, and a bad argument is an isError result; and
 * Lighthouse's agentic-browsing category, which audits those tools, llms.txt and the AI catalog,
 * passes every audit on those pages.
 */

import { appendFileSync, cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../bench/free-port.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium.mjs';
import { BUILD_TIME } from './support/fixtures.ts';
import { staticPageFlags } from './support/lighthouse-flags.ts';
import { completeProject, projectDeployment, tsx } from './support/project.ts';
import { ROOT, type RunningServer, startNode } from './support/server.ts';

const WEBMCP_ARGS = [...CHROMIUM_ARGS, '--enable-features=WebMCP,WebMCPTesting,DevToolsWebMCPSupport'];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startNode({ FOLIO_RATE_LIMIT_QUOTA: '5000' });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: WEBMCP_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function rpc(method: string, params: object) {
  const response = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: Record<string, unknown> }).result;
}

interface ListedTool {
  name: string;
  inputSchema: object;
  annotations?: { readOnlyHint?: boolean };
}

/** Arguments each tool is called with on the fixture blog (the page supplies lang where left out). */
const CALLS: Record<string, Record<string, unknown>> = {
  search_blog_posts: { query: 'cache' },
  get_post: { slug: 'leaky-bucket-limiter' },
  list_series: {},
  get_series: { slug: 'caching-by-hand' },
  get_posts_by_tag: { tag: 'http' },
  list_slide_decks: {},
  get_api_index: {},
};

/** The home page, a post page and a listing. */
const PAGES = ['/', '/blog/leaky-bucket-limiter/', '/blog/'];

describe.each(PAGES)('the page %s', (path) => {
  it('registers /mcp tools, answers as tools/call does, and a bad argument is an isError result', async () => {
    const { tools: listed } = (await rpc('tools/list', {})) as { tools: ListedTool[] };
    const page = await browser.newPage();
    try {
      await page.goto(server.url + path);
      await expect.poll(async () => (await page.webmcp.tools()).length).toBe(listed.length);
      // The browser lists the tools in an order of its own: they are compared by name.
      const registered = await page.webmcp.tools();
      const byName = new Map(listed.map((tool) => [tool.name, tool]));
      expect(registered.map((tool) => tool.name).sort()).toEqual([...byName.keys()].sort());
      for (const tool of registered) {
        const source = byName.get(tool.name) as ListedTool;
        expect(tool.inputSchema, tool.name).toEqual(source.inputSchema);
        expect(source.annotations?.readOnlyHint, tool.name).toBe(true);
        // Chromium reports the page's readOnlyHint as `readOnly`.
        const { annotations } = tool as { annotations?: { readOnly?: boolean } };
        expect(annotations?.readOnly, tool.name).toBe(true);
      }
      const lang = await page.evaluate(() => document.documentElement.lang);
      for (const { name } of listed) {
        const args = CALLS[name] ?? {};
        const fromPage = await page.webmcp.callTool(name, args);
        const takesLang = name !== 'get_api_index';
        const fromMcp = await rpc('tools/call', { name, arguments: takesLang ? { lang, ...args } : args });
        expect(fromPage, name).toEqual(fromMcp);
      }
      const bad = (await page.webmcp.callTool('search_blog_posts', { query: '' })) as { isError?: boolean };
      expect(bad.isError).toBe(true);
      const unknownSlug = (await page.webmcp.callTool('get_post', { slug: 'Not A Slug' })) as {
        isError?: boolean;
      };
      expect(unknownSlug.isError).toBe(true);
    } finally {
      await page.close();
    }
  }, 60_000);
});

describe('a browser without WebMCP', () => {
  it('loads every page with the script doing nothing', async () => {
    const plain = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...CHROMIUM_ARGS],
    });
    try {
      const page = await plain.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${server.url}/`);
      await page.waitForLoadState('load');
      expect(await page.evaluate(() => typeof (document as { modelContext?: unknown }).modelContext)).toBe(
        'undefined',
      );
      expect(errors).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});

const AGENTIC_FLAGS: Flags = staticPageFlags('agentic-browsing');

/** The sample blog (content/), as `npm start` serves it: built for the address it is served at, which robots.txt's `Agentmap:` names. */
async function startSampleBlog(): Promise<RunningServer> {
  const port = await freePort();
  const project = resolve(ROOT, 'test/artifacts/agentic-browsing');
  rmSync(project, { recursive: true, force: true });
  const address = ['--base-url', `http://127.0.0.1:${port}`, '--now', BUILD_TIME.toISOString()];
  tsx(
    'src/bin/build.ts',
    '--content',
    resolve(ROOT, 'content'),
    '--out',
    projectDeployment(project),
    ...address,
  );
  completeProject(project);
  return startNode({ PORT: String(port), FOLIO_RATE_LIMIT_QUOTA: '5000' }, project);
}

describe("Lighthouse's agentic-browsing category", () => {
  it('passes every audit on the sample blog, the WebMCP ones applying, with no error or warning from ard-schema', async () => {
    const own = await startSampleBlog();
    const chrome = await launchChrome({ chromePath: CHROMIUM, chromeFlags: WEBMCP_ARGS });
    const failures: string[] = [];
    try {
      for (const path of ['/', '/blog/cache-control-explained/', '/blog/']) {
        const lhr = (await lighthouse(own.url + path, { port: chrome.port, ...AGENTIC_FLAGS }))!.lhr;
        if (lhr.runtimeError) failures.push(`${path}: ${lhr.runtimeError.message}`);
        const audits = lhr.categories['agentic-browsing']!.auditRefs.map((ref) => lhr.audits[ref.id]!);
        for (const audit of audits)
          if (audit.score !== null && audit.score < 1)
            failures.push(`${path}: ${audit.id} scored ${audit.score}`);
        const applies = (id: string) => lhr.audits[id]!.scoreDisplayMode !== 'notApplicable';
        for (const id of ['webmcp-registered-tools', 'webmcp-schema-validity', 'llms-txt', 'ard-schema'])
          if (!applies(id)) failures.push(`${path}: ${id} did not apply`);
        const ard = lhr.audits['ard-schema']!.details as { items?: unknown[] } | undefined;
        if (ard?.items?.length) failures.push(`${path}: ard-schema found ${JSON.stringify(ard.items)}`);
      }
    } finally {
      chrome.kill();
      await own.stop();
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

describe('beside a built site, with webmcpOnSitePages in site.yaml', () => {
  const FIXTURE = resolve(ROOT, 'test/fixtures/beside');
  const project = resolve(ROOT, 'test/artifacts/webmcp-beside');
  const site = () => projectDeployment(project);
  /** A page of the owner's that registers a tool of its own, named as one of Folio's. */
  const OWN_TOOL_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tools</title>
<script>document.modelContext.registerTool({ name: 'list_series', description: 'The owner’s own.', inputSchema: { type: 'object', properties: {} }, execute: async () => ({ content: [{ type: 'text', text: 'the owner answered' }] }) });</script>
</head><body><main><p>Tools of the owner’s.</p></main></body></html>
`;
  let beside: RunningServer;

  beforeAll(async () => {
    rmSync(project, { recursive: true, force: true });
    cpSync(resolve(FIXTURE, 'site'), site(), { recursive: true });
    writeFileSync(resolve(site(), 'tools.html'), OWN_TOOL_PAGE);
    const content = resolve(project, 'content');
    cpSync(resolve(FIXTURE, 'content'), content, { recursive: true });
    appendFileSync(resolve(content, 'site.yaml'), 'webmcpOnSitePages: true\n');
    const at = ['--now', BUILD_TIME.toISOString()];
    tsx('src/bin/build.ts', '--content', content, '--site', site(), '--out', site(), ...at);
    completeProject(project);
    beside = await startNode({ FOLIO_RATE_LIMIT_QUOTA: '5000' }, project);
  }, 180_000);

  afterAll(() => beside?.stop());

  it("serves each of the site's pages with the script added before its </head>, every other byte as written", async () => {
    const pages: [file: string, path: string][] = [
      ['index.html', '/'],
      ['contact.html', '/contact'],
      ['about/index.html', '/about/'],
      ['tools.html', '/tools'],
    ];
    for (const [file, path] of pages) {
      const original =
        file === 'tools.html' ? OWN_TOOL_PAGE : readFileSync(resolve(FIXTURE, 'site', file), 'utf8');
      const at = original.indexOf('</head>');
      const served = await (await fetch(beside.url + path)).text();
      expect(served, path).toBe(
        `${original.slice(0, at)}<script src="/webmcp.js" defer></script>${original.slice(at)}`,
      );
    }
  });

  it("registers Folio's tools on an owner's page, keeping the page's own tool of the same name", async () => {
    const { tools: listed } = (await rpc('tools/list', {})) as { tools: ListedTool[] };
    const page = await browser.newPage();
    try {
      await page.goto(`${beside.url}/tools`);
      await expect.poll(async () => (await page.webmcp.tools()).length).toBe(listed.length);
      const own = (await page.webmcp.callTool('list_series', {})) as { content: { text: string }[] };
      expect(own.content[0]?.text).toBe('the owner answered');
      const folio = (await page.webmcp.callTool('get_api_index', {})) as { isError?: boolean };
      expect(folio.isError).toBeUndefined();
    } finally {
      await page.close();
    }
  });
});
