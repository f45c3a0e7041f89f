import { MAX_QUOTA, MAX_WINDOW_SECONDS, wholeNumber } from '../core/rate-policy.ts';
import type { HandlerOptions } from '../handler.ts';
import { originOf } from '../http/origin.ts';

/** The largest body cache a server may be given (1 TiB): past it, a setting is a typo. */
const MAX_CACHE_BYTES = 2 ** 40;

/** Handler options from environment variables, the same on every runtime. */
export function optionsFromEnv(env: Record<string, string | undefined>): HandlerOptions {
  const options: HandlerOptions = {};
  if (env.FOLIO_CLIENT_IP_HEADER) options.clientAddressHeader = env.FOLIO_CLIENT_IP_HEADER.toLowerCase();
  if (env.FOLIO_ALLOWED_ORIGINS) options.allowedOrigins = originList(env.FOLIO_ALLOWED_ORIGINS);
  const cacheBytes = wholeNumber(env, 'FOLIO_CACHE_BYTES', MAX_CACHE_BYTES);
  if (cacheBytes !== undefined) options.cacheBytes = cacheBytes;
  const rateLimit = {
    quota: wholeNumber(env, 'FOLIO_RATE_LIMIT_QUOTA', MAX_QUOTA),
    windowSeconds: wholeNumber(env, 'FOLIO_RATE_LIMIT_WINDOW', MAX_WINDOW_SECONDS),
    maxClients: wholeNumber(env, 'FOLIO_RATE_LIMIT_MAX_CLIENTS', 10_000_000),
  };
  options.rateLimit = Object.fromEntries(
    Object.entries(rateLimit).filter(([, value]) => value !== undefined),
  );
  return options;
}

/** FOLIO_ALLOWED_ORIGINS: origins separated by commas; an entry that is not an origin is refused by name. */
function originList(value: string): string[] {
  const entries = value.split(',').map((entry) => entry.trim());
  return entries
    .filter((entry) => entry !== '')
    .map((entry) => {
      const origin = originOf(entry);
      if (origin !== null) return origin;
      throw new RangeError(
        `FOLIO_ALLOWED_ORIGINS must list origins separated by commas, like https://app.example, not ${JSON.stringify(entry)}`,
      );
    });
}

/** What a self-hosted server (Node, Bun) reads from its environment. */
export interface ServerSettings {
  port: number;
  host: string;
  /** Node processes sharing the port (FOLIO_WORKERS, default 1). */
  workers: number;
  /** The shared rate-limit store (FOLIO_RATE_LIMIT_STORE and FOLIO_RATE_LIMIT_STORE_TIMEOUT). */
  store: RateStoreSettings | undefined;
  options: HandlerOptions;
}

export function serverSettings(env: Record<string, string | undefined>): ServerSettings {
  const { port, host } = listenAddress(env);
  return {
    port,
    host,
    workers: wholeNumber(env, 'FOLIO_WORKERS', 64) ?? 1,
    store: rateStoreSettings(env),
    options: optionsFromEnv(env),
  };
}

/** The server settings, or one line naming the bad setting and exit code 1. */
export function serverSettingsOrExit(
  env: Record<string, string | undefined>,
  exit: (code: number) => never,
): ServerSettings {
  try {
    return serverSettings(env);
  } catch (error) {
    console.error(`folio: ${(error as Error).message}`);
    return exit(1);
  }
}

/** Port and host of a self-hosted server: PORT (default 8787) and HOST (default all interfaces). */
export function listenAddress(
  env: Record<string, string | undefined>,
  defaultHost = '0.0.0.0',
): { port: number; host: string } {
  const port = env.PORT;
  if (port !== undefined && port !== '' && !(/^[0-9]{1,5}$/.test(port) && Number(port) <= 65_535))
    throw new RangeError(`PORT must be a whole number from 0 to 65535, not ${JSON.stringify(port)}`);
  return { port: port ? Number(port) : 8787, host: env.HOST || defaultHost };
}

export interface RateStoreSettings {
  /** A redis:// or rediss:// URL, with the database number as its path. */
  url: string;
  /** The longest a request waits for the store before it is limited in memory. */
  timeoutMs: number;
}

/** The store's timeout unless FOLIO_RATE_LIMIT_STORE_TIMEOUT says otherwise. */
export const DEFAULT_STORE_TIMEOUT_MS = 50;

/** FOLIO_RATE_LIMIT_STORE (redis://host:port[/db], rediss:// for TLS) and its timeout, or no store. */
function rateStoreSettings(env: Record<string, string | undefined>): RateStoreSettings | undefined {
  const timeoutMs = wholeNumber(env, 'FOLIO_RATE_LIMIT_STORE_TIMEOUT', 10_000);
  const url = rateStoreUrl(env.FOLIO_RATE_LIMIT_STORE);
  if (url) return { url, timeoutMs: timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS };
  if (timeoutMs !== undefined)
    throw new RangeError('FOLIO_RATE_LIMIT_STORE_TIMEOUT is set but FOLIO_RATE_LIMIT_STORE is not');
  return undefined;
}

function rateStoreUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (
    url &&
    (url.protocol === 'redis:' || url.protocol === 'rediss:') &&
    url.hostname &&
    /^(\/\d*)?$/.test(url.pathname)
  )
    return value;
  throw new RangeError(
    `FOLIO_RATE_LIMIT_STORE must be a URL like redis://host:port or redis://host:port/db, not ${JSON.stringify(value)}`,
  );
}

/** One line for a server that cannot listen (the port taken, not allowed, or no such address). */
export function listenFailure(error: unknown, port: number, host: string): string {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') return `port ${port} is already in use on ${host}`;
  if (code === 'EACCES') return `not allowed to listen on port ${port} on ${host}`;
  return `cannot listen on ${host}:${port} (${code ?? (error as Error).message})`;
}
