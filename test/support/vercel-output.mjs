/**
 * Serves a Build Output API v3 folder (FOLIO_VERCEL_OUTPUT, as `vercel build` writes it) on
 * HOST:PORT the way Vercel routes it: config.json's routes in order up to the `error` phase, where
 * `handle: filesystem` answers with the file under static/ when there is one, a `src` match with a
 * `status` and no `dest` answers that status, and a `dest` rewrites the path, answered by the
 * function of that name (functions/<dest>.func) or the static file, else routing goes on when the
 * route has `check`. The function sees the original URL. A function runs as its .vc-config.json
 * says: `edge` in the Edge Runtime, `nodejs*` in this Node, called as Vercel's Node.js launcher
 * calls a module that exports a handler per HTTP method.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServerAdapter } from '@whatwg-node/server';
import { deploymentFile } from '../../tools/serve-deployment.mjs';
import { edgeFunction, listen } from './edge-function.mjs';

const output = process.env.FOLIO_VERCEL_OUTPUT;
const json = (path) => JSON.parse(readFileSync(join(output, path), 'utf8'));
const config = json('config.json');
if (config.version !== 3) throw new Error(`config.json: version must be 3, not ${config.version}`);

/** A Node.js-runtime function: the module's export named for the method answers the Request. */
async function nodeFunction(entry) {
  const module = await import(pathToFileURL(entry).href);
  const adapter = createServerAdapter((request) => {
    const handler = module[request.method];
    return handler ? handler(request) : new Response('Method Not Allowed', { status: 405 });
  });
  return (req, res) => {
    req.headers['x-real-ip'] = req.socket.remoteAddress;
    req.headers['x-forwarded-for'] = req.socket.remoteAddress;
    return adapter(req, res);
  };
}

async function loadFunction(name) {
  const folder = `functions${name}.func`;
  const vc = json(`${folder}/.vc-config.json`);
  if (vc.runtime === 'edge') return edgeFunction(join(output, folder, vc.entrypoint));
  if (vc.runtime.startsWith('nodejs')) return nodeFunction(join(output, folder, vc.handler));
  throw new Error(`${folder}/.vc-config.json: runtime ${vc.runtime} is neither edge nor nodejs`);
}

const functions = new Map();
for (const route of config.routes) {
  const name = route.dest?.split('?')[0];
  if (name && existsSync(join(output, `functions${name}.func`)))
    functions.set(name, await loadFunction(name));
}

/** The routes Vercel applies before a miss: those ahead of the first phase other than filesystem. */
const firstPhaseEnd = config.routes.findIndex((route) => route.handle && route.handle !== 'filesystem');
const routes = config.routes.slice(0, firstPhaseEnd === -1 ? undefined : firstPhaseEnd);

const sendFile = (res, body) => res.writeHead(200, { 'content-length': body.length }).end(body);

const server = createServer((req, res) => {
  let path = (req.url ?? '/').split('?')[0];
  for (const route of routes) {
    if (route.handle === 'filesystem') {
      const body = deploymentFile(join(output, 'static'), path);
      if (body) return sendFile(res, body);
      continue;
    }
    const match = new RegExp(route.src).exec(path);
    if (!match) continue;
    if (route.dest === undefined) {
      if (route.status) return res.writeHead(route.status).end();
      continue;
    }
    path = route.dest.replace(/\$(\d+)/g, (_, n) => match[Number(n)] ?? '');
    const run = functions.get(path);
    if (run) return run(req, res);
    const body = deploymentFile(join(output, 'static'), path);
    if (body) return sendFile(res, body);
    if (!route.check) break;
  }
  res.writeHead(404).end('The page could not be found\n\nNOT_FOUND\n');
});
listen(server, output);
