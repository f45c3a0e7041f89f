/**
 * `astro dev`: the API, the MCP server and the Markdown twins answer from Folio's dev session
 * (src/build/dev/), kept fresh as the content changes, inside Astro's dev server through Vite's
 * middleware; every other request, pages included, goes on to Astro. The session starts once Astro
 * listens (`astro:server:start`), so the content's URLs are built with the address it listens on,
 * and it stops with the server.
 */
import type { AddressInfo } from 'node:net';
import { devMiddleware } from '../build/dev/dev-middleware.ts';
import { type DevSession, startDevSession } from '../build/dev/dev-session.ts';
import { ratePolicyFromEnv } from '../core/rate-policy.ts';
import type { AstroLogger, ViteServer } from './astro-types.ts';
import type { AstroSite } from './site-config.ts';

/** The address a browser on this machine reaches the dev server at. */
function localAddress({ address, family, port }: AddressInfo): string {
  const loopback = address === '::' || address === '0.0.0.0' || address === '::1' ? 'localhost' : address;
  return `http://${family === 'IPv6' && loopback !== 'localhost' ? `[${loopback}]` : loopback}:${port}`;
}

/** The two dev hooks over one session: `setup` mounts the middleware, `start` builds the session. */
export function devHooks(siteOf: () => AstroSite) {
  let started: (session: DevSession) => void = () => undefined;
  let failed: (error: unknown) => void = () => undefined;
  const session = new Promise<DevSession>((resolve, reject) => {
    started = resolve;
    failed = reject;
  });
  return {
    setup({ server }: { server: ViteServer }) {
      server.middlewares.use(devMiddleware(session));
      server.httpServer?.once('close', () => void session.then((running) => running.close()));
    },
    start({ address, logger }: { address: AddressInfo; logger: AstroLogger }) {
      const { contentDir, resolved } = siteOf();
      startDevSession(
        {
          content: { contentDir, layout: undefined, now: new Date(), strict: false, astroConfig: resolved },
          baseUrl: localAddress(address),
          policy: ratePolicyFromEnv(process.env),
          listenHost: address.address,
        },
        {
          rebuilt: (ms) => logger.info(`the API, MCP and twins rebuilt in ${ms} ms`),
          problems: (lines) => {
            for (const line of lines) logger.error(line);
          },
          changed: () => undefined,
        },
      ).then(started, failed);
    },
  };
}
