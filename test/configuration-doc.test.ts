/**
 * docs/configuration.md lists exactly the environment variables the code reads, and says who reads
 * each: the settings functions are run over an environment that records every name asked for, and
 * the adapters and the build's entry are searched for names read directly.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionsFromEnv, serverSettings } from '../src/adapters/env.ts';
import { selfHostedSettings } from '../src/adapters/self-hosted.ts';
import { parseBuildArgs } from '../src/build/command/options.ts';
import { ratePolicyFromEnv } from '../src/core/rate-policy.ts';

const DOC = readFileSync('docs/configuration.md', 'utf8');

/** The names a function asks its environment for, none of them set. */
function namesRead(run: (env: Record<string, string | undefined>) => unknown): Set<string> {
  const read = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get(_, name) {
      if (typeof name === 'string') read.add(name);
      return undefined;
    },
  });
  run(env);
  return read;
}

/** Names a file reads straight from an environment object (`env.NAME`, `env['NAME']`), comments left out. */
function namesReadIn(file: string): Set<string> {
  const code = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const names = [...code.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g)];
  return new Set(names.map((match) => (match[1] ?? match[2]) as string));
}

/** The first column's names and the second column's text of the table under `heading`. */
function tableUnder(heading: string): Map<string, string> {
  const section = DOC.split(/^## /m).find((part) => part.startsWith(`${heading}\n`));
  if (!section) throw new Error(`docs/configuration.md has no "## ${heading}" section`);
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  const table = new Map<string, string>();
  for (const row of rows) {
    const [names = '', second = ''] = row.split('|').slice(1, 3);
    for (const [, name] of names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) table.set(name as string, second.trim());
  }
  return table;
}

const union = (...sets: Set<string>[]) => new Set(sets.flatMap((set) => [...set]));
const sorted = (set: Iterable<string>) => [...set].sort();

const ADAPTERS = 'src/adapters';
const adapterFiles = readdirSync(ADAPTERS)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
  .map((name) => join(ADAPTERS, name));

/** Read on every platform: the handler options every adapter builds from its environment. */
const everyServer = union(
  namesRead(optionsFromEnv),
  namesRead((env) => ratePolicyFromEnv(env)),
);
/** Read by the Node and Bun servers, on top of those. */
const selfHosted = union(
  namesRead(serverSettings),
  namesRead((env) => selfHostedSettings(env)),
);
/** The Cloudflare worker's bindings: the names its adapter reads from `env` itself. */
const bindings = namesReadIn(join(ADAPTERS, 'cloudflare.ts'));
/** Read directly by any other adapter file. */
const direct = union(...adapterFiles.filter((file) => !file.endsWith('cloudflare.ts')).map(namesReadIn));
const build = union(
  namesRead((env) => parseBuildArgs([], env)),
  namesRead((env) => ratePolicyFromEnv(env)),
  new Set(
    [
      ...readFileSync('src/build/command/run-build.ts', 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g),
    ].map((m) => m[1] as string),
  ),
);

describe('docs/configuration.md', () => {
  const variables = tableUnder('Environment variables');

  it('lists exactly the variables the servers and the build read', () => {
    expect(sorted(variables.keys())).toEqual(sorted(union(everyServer, selfHosted, direct, build)));
  });

  it('says who reads each one', () => {
    for (const [name, readBy] of variables) {
      expect.soft(readBy.includes('build'), `${name}: ${readBy}`).toBe(build.has(name));
      expect.soft(readBy.includes('every server'), `${name}: ${readBy}`).toBe(everyServer.has(name));
      expect
        .soft(readBy.includes('Node, Bun'), `${name}: ${readBy}`)
        .toBe(selfHosted.has(name) && !everyServer.has(name));
    }
  });

  it('lists exactly the Cloudflare bindings the worker reads', () => {
    expect(sorted(tableUnder('Cloudflare bindings').keys())).toEqual(sorted(bindings));
  });

  it('finds what it checks: the settings functions and the adapters do read names', () => {
    expect(everyServer).toContain('FOLIO_CLIENT_IP_HEADER');
    expect(selfHosted).toContain('FOLIO_RATE_LIMIT_STORE');
    expect(selfHosted).toContain('FOLIO_OUT');
    expect(bindings).toContain('FOLIO_RATE_LIMITER');
    expect(build).toContain('BASE_URL');
  });
});
