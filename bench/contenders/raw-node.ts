/**
 * The Node ceiling: bare node:http writing the bytes Folio sent for each benchmarked request
 * (status, headers, body) from a Map keyed by method, URL and request body; If-None-Match against
 * the captured ETag answers the captured 304. Anything else gets the captured 404.
 */
import { createServer } from 'node:http';
import { exchangeKey, loadPrepared } from '../fixture.ts';

const { byKey, notFound } = loadPrepared(process.env.BENCH_FIXTURE ?? 'fixture.json');
const port = Number(process.env.PORT) || 8787;

createServer((req, res) => {
  const send = (body?: string) => {
    let answer = byKey.get(exchangeKey(req.method ?? '', req.url ?? '', body)) ?? notFound;
    if (answer.notModified && req.headers['if-none-match'] === answer.etag) answer = answer.notModified;
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  };
  if (req.method === 'GET' || req.method === 'HEAD') send();
  else {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => send(Buffer.concat(chunks).toString()));
  }
}).listen(port, process.env.HOST || '127.0.0.1');
