import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listenAddress, optionsFromEnv } from '../src/adapters/env.ts';
import { ROOT, startNode } from './support/server.ts';

describe('optionsFromEnv', () => {
  it('reads the base URL, the trusted address header and the limiter settings', () => {
    expect(
      optionsFromEnv({
        BASE_URL: 'https://blog.example',
        FOLIO_CLIENT_IP_HEADER: 'X-Forwarded-For',
        FOLIO_RATE_LIMIT_QUOTA: '1000',
        FOLIO_RATE_LIMIT_WINDOW: '10',
        FOLIO_RATE_LIMIT_MAX_CLIENTS: '5000',
      }),
    ).toEqual({
      baseUrl: 'https://blog.example',
      clientAddressHeader: 'x-forwarded-for',
      rateLimit: { quota: 1000, windowSeconds: 10, maxClients: 5000 },
    });
  });

  it('falls back to the given base URL and leaves unset settings to the defaults', () => {
    expect(optionsFromEnv({ FOLIO_RATE_LIMIT_QUOTA: '' }, 'http://localhost:9000')).toEqual({
      baseUrl: 'http://localhost:9000',
      rateLimit: {},
    });
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

describe('the Node server behind a proxy that writes ip:port', () => {
  it('keys FOLIO_CLIENT_IP_HEADER values without their port', async () => {
    const server = await startNode({ FOLIO_CLIENT_IP_HEADER: 'x-forwarded-for' });
    try {
      const remainingFor = async (forwardedFor: string) => {
        const response = await fetch(`${server.url}/api/index.json`, {
          headers: { 'x-forwarded-for': forwardedFor },
        });
        return Number(response.headers.get('ratelimit-remaining'));
      };
      expect(await remainingFor('203.0.113.5:4711')).toBe(299);
      expect(await remainingFor('203.0.113.5:4712')).toBe(298);
      expect(await remainingFor('203.0.113.5')).toBe(297);
      expect(await remainingFor('[2001:db8:1:2::1]:443')).toBe(299);
      expect(await remainingFor('2001:db8:1:2::2')).toBe(298);
    } finally {
      await server.stop();
    }
  });
});
