/**
 * The cost of dispatch, in process: the same paths routed by the service's route table (itty-router's
 * compiled patterns, tried in order, each path's route kept) and by itty-router's own `router.fetch`
 * over the same patterns, each answer a Response made once, so that only the routing differs.
 *   node --import tsx bench/dispatch.ts --manifest dist/public/_folio/manifest.json
 * Prints one JSON line: nanoseconds a request for each, the median of `rounds`.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { IttyRouter } from 'itty-router';
import type { Manifest } from '../src/core/deployment.ts';
import type { Target } from '../src/http/request-target.ts';
import { type AreaAnswers, createRouteTable, type Route, routeEntries } from '../src/routes.ts';

export interface DispatchResult {
  paths: number;
  tableNs: number;
  routerFetchNs: number;
}

const { values } = parseArgs({
  options: {
    manifest: { type: 'string' },
    requests: { type: 'string', default: '200000' },
    rounds: { type: 'string', default: '5' },
  },
});
const manifest = JSON.parse(readFileSync(values.manifest as string, 'utf8')) as Manifest;
const requests = Number(values.requests);
const rounds = Number(values.rounds);

const ANSWER = new Response(null, { status: 204 });
const answer = () => ANSWER;
const answers: AreaAnswers<null> = {
  apiDocument: () => answer,
  apiPostList: () => answer,
  apiSearch: () => answer,
  apiFallback: answer,
  mcp: answer,
  siteDocument: answer,
  sitePage: answer,
  siteTwin: answer,
};

/** A path a request of each kind asks for: API lists and documents, pages, twins, discovery, a miss. */
function samplePaths(): string[] {
  const [first, second = first] = manifest.languages;
  return [
    '/api/posts.json',
    `/api/posts-${first}.json`,
    `/api/series/${second}/index.json`,
    `/api/timeline/${first}/http.json`,
    '/api/v1/index.json',
    '/api/nope.json',
    '/mcp',
    '/',
    '/blog/',
    '/blog/some-post/',
    '/blog/some-post.md',
    `/${second}/blog/otra-entrada/`,
    '/tags/http/page/2/',
    '/llms.txt',
    '/.well-known/api-catalog',
    '/no/such/page',
  ];
}

const paths = samplePaths();
const fetched = paths.map((path) => new Request(`https://bench.example${path}`));
const target = {} as Target;

const table = createRouteTable(manifest, answers);
const router = IttyRouter();
for (const [pattern, route] of routeEntries(manifest, answers))
  router.all(pattern, (request: Request) => (route as Route<null>).answer(request, target, null));

/** Nanoseconds a request over `count` requests of `run`, the promises it returns awaited. */
async function perRequest(count: number, run: (i: number) => unknown): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    const result = run(i);
    if (result instanceof Promise) await result;
  }
  return Number(process.hrtime.bigint() - started) / count;
}

const viaTable = (i: number) => {
  const index = i % paths.length;
  return table(paths[index] as string).answer(fetched[index] as Request, target, null);
};
const viaRouterFetch = (i: number) => router.fetch(fetched[i % fetched.length] as Request);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number;
const tableRuns: number[] = [];
const fetchRuns: number[] = [];
await perRequest(requests / 10, viaTable);
await perRequest(requests / 10, viaRouterFetch);
for (let round = 0; round < rounds; round++) {
  tableRuns.push(await perRequest(requests, viaTable));
  fetchRuns.push(await perRequest(requests, viaRouterFetch));
}
const result: DispatchResult = {
  paths: paths.length,
  tableNs: median(tableRuns),
  routerFetchNs: median(fetchRuns),
};
console.log(JSON.stringify(result));
