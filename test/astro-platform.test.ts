/**
 * Which platform's function the Astro integration writes: the one named in its options, else the
 * one of the site's Astro adapter, else none; an option or an adapter it has no function for is
 * refused in one line.
 */
import { describe, expect, it } from 'vitest';
import { givenPlatform, platformOf } from '../src/astro/platform.ts';
import { FolioAstroRefusal } from '../src/astro/refusal.ts';

describe('the platform of the Astro integration', () => {
  it.each([
    ['@astrojs/node', 'node'],
    ['@astrojs/netlify', 'netlify'],
    ['@astrojs/vercel', 'vercel'],
    ['@astrojs/cloudflare', 'cloudflare'],
  ])("is the adapter's: %s writes %s", (adapter, platform) => {
    expect(platformOf(undefined, adapter)).toBe(platform);
  });

  it('is the one the options name, whatever the adapter', () => {
    expect(platformOf('netlify', '@astrojs/node')).toBe('netlify');
    expect(platformOf('node', 'an-adapter-of-its-own')).toBe('node');
  });

  it('is none without an adapter or an option', () => {
    expect(platformOf(undefined, undefined)).toBeUndefined();
  });

  it('refuses an adapter it has no function for, and an option that names no platform', () => {
    expect(() => platformOf(undefined, '@astrojs/deno')).toThrow(
      new FolioAstroRefusal(
        'the Astro adapter @astrojs/deno is not one Folio writes a function for: set folio({ platform }) to one of node, netlify, vercel, cloudflare',
      ),
    );
    expect(() => givenPlatform('aws')).toThrow(
      'folio({ platform }) expects node, netlify, vercel, cloudflare, received "aws"',
    );
    expect(givenPlatform(undefined)).toBeUndefined();
  });
});
