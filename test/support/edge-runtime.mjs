/**
 * Runs the Vercel Edge Function api/folio.js (over dist/vercel.js) of the project in the working
 * folder in Vercel's Edge Runtime on HOST:PORT, behind what vercel.json asks of Vercel (see
 * test/support/edge-function.mjs).
 */
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { edgeFunction, listen } from './edge-function.mjs';
import { serveStatic } from './static-files.mjs';

const folio = await edgeFunction(resolve('api/folio.js'), { declaresEdge: true });
// vercel.json: the static bodies are files; every other path is rewritten to the function.
const server = createServer((req, res) => serveStatic(req, res) || folio(req, res));
listen(server, 'api/folio.js');
