import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listenAddress, optionsFromEnv } from '../src/adapters/env.ts';
import { ROOT } from './support/server.ts';

describe('optionsFromEnv', () => {
  it('reads the trusted address header and the limiter settings (the base URL is a build input)', () => {
    expect(
      optionsFromEnv({
        BASE_URL: 'https://blog.example',
        FOLIO_CLIENT_IP_HEADER: 'X-Forwarded-For',
        FOLIO_RATE_LIMIT_QUOTA: '1000',
        FOLIO_RATE_LIMIT_WINDOW: '10',
        FOLIO_RATE_LIMIT_MAX_CLIENTS: '5000',
      }),
    ).toEqual({
      clientAddressHeader: 'x-forwarded-for',
      rateLimit: { quota: 1000, windowSeconds: 10, maxClients: 5000 },
    });
  });

  it('leaves unset settings to the defaults', () => {
    expect(optionsFromEnv({ FOLIO_RATE_LIMIT_QUOTA: '' })).toEqual({ rateLimit: {} });
  });

  it.each([
    ['FOLIO_RATE_LIMIT_QUOTA', 'lots'],
    ['FOLIO_RATE_LIMIT_QUOTA', '100000'],
    ['FOLIO_RATE_LIMIT_WINDOW', '-5'],
    ['FOLIO_RATE_LIMIT_MAX_CLIENTS', '0'],
    ['FOLIO_RATE_LIMIT_MAX_CLIENTS', '1e5'],
  ])('refuses %s=%s, naming the setting', (name, value) => {
    expect(() => optionsFromEnv({ [name]: value })).toThrow(
      new RegExp(`^${name} must be a whole number from 1 to`),
    );
  });

  it('listens on PORT and HOST, 8787 on all interfaces by default', () => {
    expect(listenAddress({})).toEqual({ port: 8787, host: '0.0.0.0' });
    expect(listenAddress({ PORT: '9000', HOST: '127.0.0.1' })).toEqual({ port: 9000, host: '127.0.0.1' });
  });
});

describe('the Node server with a bad setting', () => {
  it('prints one line naming the setting and exits 1, without a stack trace', () => {
    const run = spawnSync(process.execPath, [resolve(ROOT, 'dist/node.mjs')], {
      env: { ...process.env, PORT: '0', FOLIO_RATE_LIMIT_QUOTA: '100000' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'folio: FOLIO_RATE_LIMIT_QUOTA must be a whole number from 1 to 65535, not "100000"',
    );
  });
});
