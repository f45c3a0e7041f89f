/**
 * The layering rules of .dependency-cruiser.cjs (run by `npm run lint` over src, scripts and cli)
 * catch what they forbid: a small tree written for the test, with a file in every folder the rules
 * cover and one deliberate upward import at a time, is checked with the project's own configuration.
 */

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cruise as depcruise, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/server.ts';

/** The project's rules, as `npm run lint` reads them (the depcruise command line loads the same file). */
const RULES: IConfiguration = createRequire(import.meta.url)(resolve(ROOT, '.dependency-cruiser.cjs'));

/** A tree that keeps every rule: each file imports the layer below it. */
const LAWFUL: Record<string, string> = {
  'src/core/api.ts': 'export const VERSION = 1;\n',
  'src/http/headers.ts': "import { VERSION } from '../core/api.ts';\nexport const h = VERSION;\n",
  'src/api/serve.ts': "import { h } from '../http/headers.ts';\nexport const a = h;\n",
  'src/mcp/serve.ts': "import { h } from '../http/headers.ts';\nexport const m = h;\n",
  'src/handler.ts':
    "import { a } from './api/serve.ts';\nimport { m } from './mcp/serve.ts';\nexport const x = a + m;\n",
  'src/site/serve.ts': "import { h } from '../http/headers.ts';\nexport const s = h;\n",
  'src/routes.ts': "import { VERSION } from './core/api.ts';\nexport const r = VERSION;\n",
  'src/adapters/node.ts': "import { x } from '../handler.ts';\nexport default x;\n",
  'src/build/emit.ts': "import { VERSION } from '../core/api.ts';\nexport const e = VERSION;\n",
  'scripts/write-deployment.ts': "import { e } from '../src/build/emit.ts';\nexport const w = e;\n",
  'scripts/build.ts':
    "import { w } from './write-deployment.ts';\nimport node from '../src/adapters/node.ts';\nexport const b = w + node;\n",
  'scripts/bench/run.ts':
    "import { b } from '../build.ts';\nimport { x } from '../../src/handler.ts';\nexport const r = b + x;\n",
  'cli/src/main.js':
    "import { readFileSync } from 'node:fs';\nimport { format } from './format.js';\nexport const main = () => format(readFileSync);\n",
  'cli/src/format.js': 'export const format = (value) => String(value);\n',
};

/**
 * Checks the tree with one set of changes against the rules, in-process through dependency-cruiser's
 * API with the options the command line takes from the configuration: the exit code depcruise would
 * give (the number of errors) and its error report.
 */
async function cruise(changes: Record<string, string>): Promise<{ code: number; output: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'folio-layers-'));
  try {
    for (const [path, text] of Object.entries({ ...LAWFUL, ...changes })) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    const { output, exitCode } = await depcruise(['src', 'scripts', 'cli'], {
      ...RULES.options,
      ruleSet: { forbidden: RULES.forbidden ?? [] },
      validate: true,
      baseDir: dir,
      outputType: 'err',
    });
    return { code: exitCode, output: String(output) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the layering rules', () => {
  it('pass a tree that goes one way down', async () => {
    expect(await cruise({})).toMatchObject({ code: 0 });
  }, 30_000);

  it.each([
    [
      'no-cycles',
      'core importing http',
      { 'src/core/api.ts': "import { h } from '../http/headers.ts';\nexport const VERSION = h;\n" },
    ],
    [
      'runtime-never-imports-build',
      'an area importing the build',
      { 'src/api/serve.ts': "import { e } from '../build/emit.ts';\nexport const a = e;\n" },
    ],
    [
      'runtime-never-imports-build',
      'an adapter importing a build script',
      { 'src/adapters/node.ts': "import { b } from '../../scripts/build.ts';\nexport default b;\n" },
    ],
    [
      'core-imports-nothing',
      'core importing an area',
      { 'src/core/api.ts': "import { a } from '../api/serve.ts';\nexport const VERSION = a;\n" },
    ],
    [
      'http-imports-only-core',
      'http importing an area',
      { 'src/http/headers.ts': "import { a } from '../api/serve.ts';\nexport const h = a;\n" },
    ],
    [
      'api-stays-in-its-area',
      'the API importing the site',
      { 'src/api/serve.ts': "import { s } from '../site/serve.ts';\nexport const a = s;\n" },
    ],
    [
      'site-stays-in-its-area',
      'the site importing MCP',
      { 'src/site/serve.ts': "import { m } from '../mcp/serve.ts';\nexport const s = m;\n" },
    ],
    [
      'mcp-stays-in-its-area',
      'MCP importing the API',
      { 'src/mcp/serve.ts': "import { a } from '../api/serve.ts';\nexport const m = a;\n" },
    ],
    [
      'handler-below-adapters',
      'the handler importing an adapter',
      { 'src/handler.ts': "import x from './adapters/node.ts';\nexport { x };\n" },
    ],
    [
      'handler-below-adapters',
      'the route table importing an adapter',
      { 'src/routes.ts': "import x from './adapters/node.ts';\nexport const r = x;\n" },
    ],
    [
      'only-entries-import-adapters',
      'an area importing an adapter',
      { 'src/site/serve.ts': "import x from '../adapters/node.ts';\nexport const s = x;\n" },
    ],
    [
      'runtime-never-imports-build',
      'an adapter importing the build',
      { 'src/adapters/node.ts': "import { e } from '../build/emit.ts';\nexport default e;\n" },
    ],
    [
      'build-builds-on-core',
      'the build importing the handler',
      { 'src/build/emit.ts': "import { x } from '../handler.ts';\nexport const e = x;\n" },
    ],
    [
      'build-builds-on-core',
      'the build importing an area for a constant',
      { 'src/build/emit.ts': "import { a } from '../api/serve.ts';\nexport const e = a;\n" },
    ],
    [
      'build-builds-on-core',
      "the build's library in scripts/ importing http",
      { 'scripts/write-deployment.ts': "import { h } from '../src/http/headers.ts';\nexport const w = h;\n" },
    ],
    [
      'only-entries-import-adapters',
      "the build's library in scripts/ importing an adapter",
      { 'scripts/write-deployment.ts': "import x from '../src/adapters/node.ts';\nexport const w = x;\n" },
    ],
    [
      'nothing-imports-the-tools',
      "the build's library importing the benchmark",
      { 'scripts/write-deployment.ts': "import { r } from './bench/run.ts';\nexport const w = r;\n" },
    ],
    [
      'core-imports-nothing',
      'core importing a build script',
      { 'src/core/api.ts': "import { b } from '../../scripts/build.ts';\nexport const VERSION = b;\n" },
    ],
    [
      'cli-stands-alone',
      'the CLI importing the service',
      {
        'cli/src/format.js':
          "import { VERSION } from '../../src/core/api.ts';\nexport const format = () => VERSION;\n",
      },
    ],
    [
      'nothing-imports-the-cli',
      'a build script importing the CLI',
      {
        'scripts/write-deployment.ts':
          "import { format } from '../cli/src/format.js';\nexport const w = format;\n",
      },
    ],
  ])(
    'catch %s: %s',
    async (rule, _violation, changes) => {
      const { code, output } = await cruise(changes);
      expect(code).not.toBe(0);
      expect(output).toContain(`error ${rule}:`);
    },
    30_000,
  );
});
