/**
 * The Bun ceiling: a bare Bun.serve answering each benchmarked request with the bytes Folio sent
 * (status, headers, body), looked up by method, URL and request body; If-None-Match against the
 * captured ETag answers the captured 304.
 */
import { exchangeKey, loadPrepared } from '../fixture.ts';

const { byKey, notFound } = loadPrepared(Bun.env.BENCH_FIXTURE ?? 'fixture.json');

Bun.serve({
  port: Number(Bun.env.PORT) || 8787,
  hostname: Bun.env.HOST || '127.0.0.1',
  async fetch(request) {
    const url = request.url;
    const path = url.slice(url.indexOf('/', url.indexOf('//') + 2));
    const body = request.method === 'POST' ? await request.text() : undefined;
    let answer = byKey.get(exchangeKey(request.method, path, body)) ?? notFound;
    if (answer.notModified && request.headers.get('if-none-match') === answer.etag)
      answer = answer.notModified;
    return new Response(answer.status === 304 ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  },
});
