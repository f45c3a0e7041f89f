/**
 * Runs the worker of the wrangler.toml in the working folder (its `main`, dist/cloudflare.js, at its
 * compatibility date) as a module worker in workerd through Miniflare on HOST:PORT, with its
 * [assets] (the deployment folder) behind the ASSETS binding, its Durable Object bindings (the
 * shared rate limit), and any FOLIO_ setting as the worker's vars. Miniflare, like Cloudflare, sets
 * `CF-Connecting-IP` to the address of the connecting client when the request lacks it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Miniflare } from 'miniflare';

const wrangler = readFileSync('wrangler.toml', 'utf8');
const setting = (name) => new RegExp(`^${name} = "(.+)"$`, 'm').exec(wrangler)?.[1];

const bindings = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name === 'BASE_URL' || name.startsWith('FOLIO_')),
);
const assets = /^\[assets\]$([\s\S]*?)(^\[|(?![\s\S]))/m.exec(wrangler)?.[1] ?? '';
const assetSetting = (name) => new RegExp(`^${name} = "?([^"\n]+)"?$`, 'm').exec(assets)?.[1];
const durableObjects = Object.fromEntries(
  [...wrangler.matchAll(/^\[\[durable_objects\.bindings\]\]\nname = "(.+)"\nclass_name = "(.+)"$/gm)].map(
    ([, name, className]) => [name, className],
  ),
);
const mf = new Miniflare({
  modules: true,
  assets: {
    directory: resolve(assetSetting('directory')),
    binding: assetSetting('binding'),
    routerConfig: {
      has_user_worker: true,
      invoke_user_worker_ahead_of_assets: assetSetting('run_worker_first') === 'true',
    },
  },
  scriptPath: resolve(setting('main')),
  compatibilityDate: setting('compatibility_date'),
  bindings,
  durableObjects,
  host: process.env.HOST || '127.0.0.1',
  port: Number(process.env.PORT) || 8787,
});
const url = await mf.ready;
console.log(`workerd: ${setting('main')} on ${url}`);
for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, () => mf.dispose().then(() => process.exit(0)));
