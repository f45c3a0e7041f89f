import type { RatePolicy } from '../core/deployment.ts';
import type { HandlerOptions } from '../handler.ts';
import { originOf } from '../mcp/dns-rebinding.ts';

/** The quota the build announces in its documents (the run time's default): 300 per 60 s unless set. */
export function ratePolicyFromEnv(env: Record<string, string | undefined>): RatePolicy {
  return {
    quota: wholeNumber(env, 'FOLIO_RATE_LIMIT_QUOTA', 65_535) ?? 300,
    windowSeconds: wholeNumber(env, 'FOLIO_RATE_LIMIT_WINDOW', 86_400) ?? 60,
  };
}

/** Handler options from environment variables, the same on every runtime. */
export function optionsFromEnv(env: Record<string, string | undefined>): HandlerOptions {
  const options: HandlerOptions = {};
  if (env.FOLIO_CLIENT_IP_HEADER) options.clientAddressHeader = env.FOLIO_CLIENT_IP_HEADER.toLowerCase();
  if (env.FOLIO_ALLOWED_ORIGINS) options.allowedOrigins = originList(env.FOLIO_ALLOWED_ORIGINS);
  const rateLimit = {
    quota: wholeNumber(env, 'FOLIO_RATE_LIMIT_QUOTA', 65_535),
    windowSeconds: wholeNumber(env, 'FOLIO_RATE_LIMIT_WINDOW', 86_400),
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

/** A setting that is unset (undefined) or a whole number from 1 to `max`; anything else is refused by name. */
function wholeNumber(env: Record<string, string | undefined>, name: string, max: number): number | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  const number = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
  if (number >= 1 && number <= max) return number;
  throw new RangeError(`${name} must be a whole number from 1 to ${max}, not ${JSON.stringify(value)}`);
}

/** The handler options, or one line naming the bad setting and exit code 1 (self-hosted servers). */
export function optionsOrExit(
  env: Record<string, string | undefined>,
  exit: (code: number) => never,
): HandlerOptions {
  try {
    return optionsFromEnv(env);
  } catch (error) {
    console.error(`folio: ${(error as Error).message}`);
    return exit(1);
  }
}

/** Port and host of a self-hosted server: PORT (default 8787) and HOST (default all interfaces). */
export function listenAddress(env: Record<string, string | undefined>): { port: number; host: string } {
  return { port: Number(env.PORT) || 8787, host: env.HOST || '0.0.0.0' };
}
