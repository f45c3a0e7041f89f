/**
 * What Folio reads of Astro's integration API, written out structurally: the resolved config's
 * fields it uses, the logger, and the hooks it adds. Astro's own types match these, so a site's
 * `integrations: [folio()]` type-checks, and Folio needs no Astro installed to build or check itself.
 */
import type { AddressInfo } from 'node:net';
import type { Middleware } from '../build/dev/dev-middleware.ts';

/** A redirect of the config: a path, or a status with its destination. */
export type AstroRedirectValue = string | { status: number; destination: string };

/** A locale of `i18n.locales`: a code, or a path with the codes it stands for. */
export type AstroLocale = string | { path: string; codes: string[] };

/** The fields of Astro's resolved config that Folio reads. */
export interface AstroConfig {
  root: URL;
  srcDir: URL;
  outDir: URL;
  site?: string | undefined;
  output: string;
  adapter?: { name: string } | undefined;
  redirects: Record<string, AstroRedirectValue>;
  i18n?: { defaultLocale: string; locales: AstroLocale[] } | undefined;
}

export interface AstroLogger {
  info: (message: string) => void;
  warn: (message: string) => void;
  error: (message: string) => void;
}

/** Vite's dev server, as far as Folio uses it. */
export interface ViteServer {
  middlewares: { use: (middleware: Middleware) => unknown };
  httpServer: { once: (event: 'close', listener: () => void) => unknown } | null;
}

export interface AstroIntegration {
  name: string;
  hooks: {
    'astro:config:done': (options: { config: AstroConfig; logger: AstroLogger }) => Promise<void>;
    'astro:server:setup': (options: { server: ViteServer; logger: AstroLogger }) => void;
    'astro:server:start': (options: { address: AddressInfo; logger: AstroLogger }) => void;
    'astro:build:done': (options: { dir: URL; logger: AstroLogger }) => Promise<void>;
  };
}
