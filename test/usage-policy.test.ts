/**
 * One usage policy: what site.yaml's `usage` says (or the licence's grant when it says nothing)
 * is what robots.txt's Content-Usage rule and Content-Signal line say, in every group, and what
 * the Content-Usage header of every page, twin, feed and API answer says.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileContent } from '../src/build/content/compile.ts';
import type { SiteData } from '../src/build/data/types.ts';
import { readContentFolder } from '../src/build/site-folder/content-folder.ts';
import { createHandler, type Handler } from '../src/handler.ts';
import { problemsOf } from './support/content-problems.ts';
import { BUILD_TIME, deployed, FIXTURES } from './support/data.ts';

const BASE = 'https://usage.example';
const MINI = resolve(FIXTURES, 'mini');

async function compiledWith(siteYaml: string) {
  const files = new Map(await readContentFolder(MINI));
  files.set('site.yaml', `${files.get('site.yaml')}${siteYaml}`);
  return compileContent(files, { now: BUILD_TIME }).data as SiteData;
}

async function handlerFor(siteYaml: string): Promise<Handler> {
  return createHandler(await deployed(await compiledWith(siteYaml), BASE));
}

const get = (handler: Handler, path: string) =>
  handler.fetch(new Request(BASE + path), { clientAddress: '192.0.2.1' });

/** A Structured Fields dictionary of bare tokens (`train-ai=y, search=n`), as a map. */
function dictionary(value: string): Map<string, string> {
  return new Map(
    value.split(',').map((member) => {
      const [key = '', token = ''] = member.trim().split('=');
      return [key, token];
    }),
  );
}

/** Each group's Content-Usage and Content-Signal values, by user agent. */
function groupsOf(robots: string) {
  return robots
    .split(/\n\s*\n/)
    .filter((group) => /^user-agent:/im.test(group))
    .map((group) => {
      const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(group)?.[1]?.trim() ?? null;
      return { agent: field('user-agent'), usage: field('content-usage'), signal: field('content-signal') };
    });
}

/** What a Content-Signal value says in the aipref vocabulary: ai-train is train-ai, search is search. */
function asAipref(signal: string): Map<string, string> {
  const signals = dictionary(signal);
  const yn = (value: string | undefined) => (value === 'yes' ? 'y' : 'n');
  return new Map([
    ['train-ai', yn(signals.get('ai-train'))],
    ['search', yn(signals.get('search'))],
  ]);
}

const SURFACES = [
  '/',
  '/blog/',
  '/index.md',
  '/rss.xml',
  '/atom.xml',
  '/feed.json',
  '/sitemap.xml',
  '/llms.txt',
  '/api/index.json',
  '/api/posts.json',
  '/api/posts.json?limit=1',
  '/api/v1/posts-en.json',
  '/api/search.json?q=http',
];

describe.each([
  ['nothing (the licence grants reuse)', '', { 'train-ai': 'y', search: 'y' }, 'ai-input=yes'],
  ['train: no', 'usage:\n  train: no\n', { 'train-ai': 'n', search: 'y' }, 'ai-input=yes'],
  [
    'search: false, input: no',
    'usage:\n  search: false\n  input: no\n',
    { 'train-ai': 'y', search: 'n' },
    'ai-input=no',
  ],
])('site.yaml stating %s', (_, siteYaml, expected, input) => {
  it('robots.txt, in every group, and the header of every surface say the same', async () => {
    const handler = await handlerFor(`${siteYaml}robots:\n  agents:\n    GPTBot: { disallow: [/] }\n`);
    const robots = await (await get(handler, '/robots.txt')).text();
    const groups = groupsOf(robots);
    expect(groups.map((group) => group.agent)).toEqual(['*', 'GPTBot']);
    for (const group of groups) {
      expect(Object.fromEntries(dictionary(group.usage ?? '')), group.agent ?? '').toEqual(expected);
      expect(Object.fromEntries(asAipref(group.signal ?? '')), group.agent ?? '').toEqual(expected);
      expect(group.signal).toContain(input);
    }
    const post = (await (await get(handler, '/api/posts-en.json?limit=1')).json())[0] as { url: string };
    const postPath = new URL(post.url).pathname;
    for (const path of [...SURFACES, postPath, `${postPath.replace(/\/$/, '')}.md`]) {
      const response = await get(handler, path);
      expect(response.status, path).toBe(200);
      const header = response.headers.get('content-usage');
      expect(header, path).toBe(groups[0]?.usage);
    }
  });
});

describe('the usage setting', () => {
  const problemsWith = (siteYaml: string) => problemsOf(() => compiledWith(siteYaml));

  it('refuses a choice that is not yes or no, and an unknown one, naming the field', async () => {
    expect(await problemsWith('usage:\n  train: maybe\n')).toEqual([
      'site.yaml: usage.train: expected yes or no, received "maybe"',
    ]);
    expect(await problemsWith('usage:\n  resell: no\n')).toHaveLength(1);
  });
});
