import type { HandlerOptions } from '../handler.ts';

/** Handler options from environment variables, the same on every runtime. */
export function optionsFromEnv(
  env: Record<string, string | undefined>,
  fallbackBaseUrl?: string,
): HandlerOptions {
  const options: HandlerOptions = {};
  const baseUrl = env.BASE_URL || fallbackBaseUrl;
  if (baseUrl) options.baseUrl = baseUrl;
  if (env.FOLIO_CLIENT_IP_HEADER) options.clientAddressHeader = env.FOLIO_CLIENT_IP_HEADER.toLowerCase();
  const rateLimit = {
    quota: positiveInteger(env.FOLIO_RATE_LIMIT_QUOTA),
    windowSeconds: positiveInteger(env.FOLIO_RATE_LIMIT_WINDOW),
    maxClients: positiveInteger(env.FOLIO_RATE_LIMIT_MAX_CLIENTS),
  };
  options.rateLimit = Object.fromEntries(
    Object.entries(rateLimit).filter(([, value]) => value !== undefined),
  );
  return options;
}

function positiveInteger(value: string | undefined): number | undefined {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : undefined;
}

/** Port and host of a self-hosted server: PORT (default 8787) and HOST (default all interfaces). */
export function listenAddress(env: Record<string, string | undefined>): { port: number; host: string } {
  return { port: Number(env.PORT) || 8787, host: env.HOST || '0.0.0.0' };
}
