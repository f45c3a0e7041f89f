/**
 * Runs the Netlify Edge Function (deploy/netlify/folio.js over dist/netlify.js) of the project in the
 * working folder in Deno the way Netlify Edge Functions call it, in front of the folder its
 * netlify.toml publishes: `(request, context)` with `context.ip` the address of the connecting
 * client, the other context fields Netlify provides, and the site's environment variables behind
 * the `Netlify.env` global. Listens on HOST:PORT.
 */
// @ts-nocheck -- a Deno program: Deno's globals are not in this project's types.
globalThis.Netlify = {
  env: {
    get: (name) => Deno.env.get(name),
    has: (name) => Deno.env.has(name),
    toObject: () => Deno.env.toObject(),
    set: (name, value) => Deno.env.set(name, value),
    delete: (name) => Deno.env.delete(name),
  },
};
const project = new URL(`file://${Deno.cwd()}/`);
// Imported once the Netlify global exists, as on Netlify.
const { default: folio, config } = await import(new URL('deploy/netlify/folio.js', project).href);
if (config?.path !== '/*') throw new Error(`deploy/netlify/folio.js declares path ${config?.path}`);
const excluded = new URLPattern({ pathname: config.excludedPath });
const netlifyToml = await Deno.readTextFile(new URL('netlify.toml', project));
const published = new URL(publishedFolder(netlifyToml), project).pathname;

/** netlify.toml's `publish` folder of `[build]`, the one Netlify serves the static files from. */
function publishedFolder(toml: string): string {
  const build = toml.split(/^\[/m).find((section) => section.startsWith('build]')) ?? '';
  const publish = /^publish\s*=\s*"([^"]+)"/m.exec(build)?.[1];
  if (!publish) throw new Error('netlify.toml: [build] has no publish folder');
  return publish;
}

/** What Netlify's CDN does for an excluded path: the published file, or 404. */
async function staticFile(pathname: string): Promise<Response> {
  try {
    return new Response(await Deno.readFile(published + decodeURIComponent(pathname)));
  } catch {
    return new Response('Not Found', { status: 404 });
  }
}

const port = Number(Deno.env.get('PORT')) || 8787;
const hostname = Deno.env.get('HOST') || '127.0.0.1';
const server = Deno.serve(
  {
    port,
    hostname,
    onListen: () => console.log(`deno: deploy/netlify/folio.js on http://${hostname}:${port}`),
  },
  (request, info) =>
    excluded.test(request.url)
      ? staticFile(new URL(request.url).pathname)
      : folio(request, {
          ip: info.remoteAddr.hostname,
          geo: { city: 'Local', country: { code: 'XX', name: 'Local' }, timezone: 'UTC' },
          requestId: crypto.randomUUID(),
          site: { id: 'local', name: 'folio', url: `http://${hostname}:${port}` },
          deploy: { id: 'local', context: 'dev', published: false },
          account: { id: 'local' },
          server: { region: 'local' },
          params: {},
          cookies: { get: () => undefined, set: () => {}, delete: () => {} },
          json: (body, init) => Response.json(body, init),
          log: console.log,
          next: () => new Response('no origin behind the edge function', { status: 404 }),
          rewrite: () => new Response('no origin behind the edge function', { status: 404 }),
          waitUntil: () => {},
        }),
);
for (const signal of ['SIGTERM', 'SIGINT'])
  Deno.addSignalListener(signal, () => server.shutdown().then(() => Deno.exit(0)));
