/**
 * A Vercel Edge Function (an ES module whose default export, or else the export named for the
 * request's method, answers a Request, as Vercel calls it) in Vercel's Edge
 * Runtime (the `edge-runtime` package), bundled to a script the way Vercel bundles it. In front of
 * it stands what Vercel's proxy does for an Edge Function: it overwrites `X-Real-IP` and
 * `X-Forwarded-For` with the address of the connecting client. The project's environment variables
 * reach the function as `process.env`, as on Vercel.
 */
import { createHandler, EdgeRuntime } from 'edge-runtime';
import { build } from 'esbuild';

/**
 * A Node request listener running the function in `entry`; with `declaresEdge`, the module must
 * export `config = { runtime: 'edge' }` (as a file under api/ must).
 */
export async function edgeFunction(entry, { declaresEdge = false } = {}) {
  // Edge Runtime evaluates a script, so the ES module becomes one that exposes its exports.
  const { outputFiles } = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'neutral',
    format: 'iife',
    globalName: '__folio',
    logLevel: 'warning',
  });
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name === 'BASE_URL' || name.startsWith('FOLIO_')),
  );
  const check = declaresEdge
    ? `if (__folio.config?.runtime !== 'edge') throw new Error('${entry} does not declare the edge runtime');`
    : '';
  const runtime = new EdgeRuntime({
    extend: (context) => Object.assign(context, { process: { env } }),
    initialCode: `${outputFiles[0].text}
${check}
const __handler = (request) =>
  (typeof __folio.default === 'function' ? __folio.default : __folio[request.method]) ??
  (() => new Response('Method Not Allowed', { status: 405 }));
addEventListener('fetch', (event) => event.respondWith(__handler(event.request)(event.request)));`,
  });
  const { handler } = createHandler({ runtime });
  return (req, res) => {
    req.headers['x-real-ip'] = req.socket.remoteAddress;
    req.headers['x-forwarded-for'] = req.socket.remoteAddress;
    return handler(req, res);
  };
}

/** Listens on HOST:PORT (default 127.0.0.1:8787) and closes on SIGTERM and SIGINT. */
export function listen(server, what) {
  const port = Number(process.env.PORT) || 8787;
  const host = process.env.HOST || '127.0.0.1';
  server.listen(port, host, () => console.log(`edge-runtime: ${what} on http://${host}:${port}`));
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
}
