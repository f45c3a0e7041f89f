/**
 * Serves a Build Output API v3 folder (FOLIO_VERCEL_OUTPUT, written by scripts/vercel-output.ts) on
 * HOST:PORT the way Vercel does: config.json's routes in order, `handle: filesystem` answering with
 * the file under static/ when there is one, a `src` match going to the Edge Function of its `dest`
 * (functions/<dest>.func, run as its .vc-config.json says), and 404 when no route matches.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { edgeFunction, listen } from './edge-function.mjs';
import { staticFile } from './static-files.mjs';

const output = process.env.FOLIO_VERCEL_OUTPUT;
const json = (path) => JSON.parse(readFileSync(join(output, path), 'utf8'));
const config = json('config.json');
if (config.version !== 3) throw new Error(`config.json: version must be 3, not ${config.version}`);

async function loadFunction(dest) {
  const folder = `functions${dest}.func`;
  const { runtime, entrypoint } = json(`${folder}/.vc-config.json`);
  if (runtime !== 'edge') throw new Error(`${folder}/.vc-config.json: runtime must be edge, not ${runtime}`);
  return edgeFunction(join(output, folder, entrypoint));
}

const routes = await Promise.all(
  config.routes.map(async (route) =>
    route.handle
      ? { handle: route.handle }
      : { src: new RegExp(route.src), run: await loadFunction(route.dest) },
  ),
);
if (routes.some((route) => route.handle && route.handle !== 'filesystem'))
  throw new Error('config.json: only the filesystem handle is supported here');

const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0];
  for (const route of routes) {
    if (route.handle) {
      const body = staticFile(join(output, 'static'), path);
      if (body) return res.writeHead(200, { 'content-length': body.length }).end(body);
    } else if (route.src.test(path)) {
      return route.run(req, res);
    }
  }
  res.writeHead(404).end('The page could not be found\n\nNOT_FOUND\n');
});
listen(server, output);
