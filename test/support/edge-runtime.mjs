/**
 * Runs the Vercel Edge Function api/folio.js (over dist/vercel.js) in Vercel's Edge Runtime on
 * HOST:PORT, behind what vercel.json asks of Vercel (see test/support/edge-function.mjs).
 */
import { createServer } from 'node:http';
import { edgeFunction, listen } from './edge-function.mjs';
import { serveStatic } from './static-files.mjs';

const folio = await edgeFunction(new URL('../../api/folio.js', import.meta.url).pathname, {
  declaresEdge: true,
});
// vercel.json: the static bodies are files; every other path is rewritten to the function.
const server = createServer((req, res) => serveStatic(req, res) || folio(req, res));
listen(server, 'api/folio.js');
