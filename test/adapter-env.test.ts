import { describe, expect, it } from 'vitest';
import { listenAddress, optionsFromEnv } from '../src/adapters/env.ts';

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

  it('falls back to the given base URL and leaves unset or invalid numbers to the defaults', () => {
    expect(
      optionsFromEnv(
        { FOLIO_RATE_LIMIT_QUOTA: 'lots', FOLIO_RATE_LIMIT_WINDOW: '-5' },
        'http://localhost:9000',
      ),
    ).toEqual({
      baseUrl: 'http://localhost:9000',
      rateLimit: {},
    });
  });

  it('listens on PORT and HOST, 8787 on all interfaces by default', () => {
    expect(listenAddress({})).toEqual({ port: 8787, host: '0.0.0.0' });
    expect(listenAddress({ PORT: '9000', HOST: '127.0.0.1' })).toEqual({ port: 9000, host: '127.0.0.1' });
  });
});
