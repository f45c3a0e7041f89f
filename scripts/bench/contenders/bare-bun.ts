/**
 * The Bun ceiling: a bare Bun.serve answering each benchmarked request with the bytes Folio sent
 * (status, headers, body), looked up by method and URL; If-None-Match against the captured ETag
 * answers the captured 304.
 */
import { loadPrepared } from '../fixture.ts';

const { byKey, notFound } = loadPrepared(Bun.env.BENCH_FIXTURE ?? 'fixture.json');

Bun.serve({
  port: Number(Bun.env.PORT) || 8787,
  hostname: Bun.env.HOST || '127.0.0.1',
  async fetch(request) {
    const url = request.url;
    const path = url.slice(url.indexOf('/', url.indexOf('//') + 2));
    let answer = byKey.get(`${request.method} ${path}`) ?? notFound;
    if (request.method === 'POST') await request.arrayBuffer();
    if (answer.notModified && request.headers.get('if-none-match') === answer.etag)
      answer = answer.notModified;
    return new Response(answer.status === 304 ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  },
});
