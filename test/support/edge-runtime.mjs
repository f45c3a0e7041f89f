/**
 * Runs the Vercel Edge Function (api/folio.js over dist/vercel.js) in Vercel's Edge Runtime (the
 * `edge-runtime` package) on HOST:PORT, bundled to a script the way Vercel bundles it.
 * In front of it stands what Vercel's proxy does for an Edge Function: it overwrites `X-Real-IP`
 * and `X-Forwarded-For` with the address of the connecting client. The project's environment
 * variables reach the function as `process.env`, as on Vercel.
 */
import { createServer } from 'node:http';
import { createHandler, EdgeRuntime } from 'edge-runtime';
import { build } from 'esbuild';
import { serveStatic } from './static-files.mjs';

// Edge Runtime evaluates a script, so the ES module becomes one that exposes its exports.
const { outputFiles } = await build({
  entryPoints: [new URL('../../api/folio.js', import.meta.url).pathname],
  bundle: true,
  write: false,
  platform: 'neutral',
  format: 'iife',
  globalName: '__folio',
  logLevel: 'warning',
});
const code = outputFiles[0].text;
const env = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name === 'BASE_URL' || name.startsWith('FOLIO_')),
);

const runtime = new EdgeRuntime({
  extend: (context) => Object.assign(context, { process: { env } }),
  initialCode: `${code}
if (__folio.config?.runtime !== 'edge') throw new Error('api/folio.js does not declare the edge runtime');
addEventListener('fetch', (event) => event.respondWith(__folio.default(event.request)));`,
});

const { handler } = createHandler({ runtime });
const server = createServer((req, res) => {
  // vercel.json: the static bodies are files; every other path is rewritten to the function.
  if (serveStatic(req, res)) return;
  req.headers['x-real-ip'] = req.socket.remoteAddress;
  req.headers['x-forwarded-for'] = req.socket.remoteAddress;
  return handler(req, res);
});
const port = Number(process.env.PORT) || 8787;
const host = process.env.HOST || '127.0.0.1';
server.listen(port, host, () => console.log(`edge-runtime: api/folio.js on http://${host}:${port}`));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
