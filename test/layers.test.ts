/**
 * The layering rules of .dependency-cruiser.cjs (run by `npm run lint` over src, bench, tools and
 * cli) catch what they forbid: a small tree written for the test, with a file in every folder the
 * rules cover and one deliberate upward import at a time, is checked with the project's own
 * configuration.
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

const imports = (...lines: string[]) => `${lines.join('\n')}\nexport const x = 1;\n`;
const from = (name: string, path: string) => `import { x as ${name} } from '${path}';`;

/** A tree that keeps every rule: each file imports the layers below it. */
const LAWFUL: Record<string, string> = {
  'src/core/api.ts': imports(),
  'src/folders/deployment-folders.ts': imports(from('core', '../core/api.ts')),
  'src/runtime/body-cache.ts': imports(from('core', '../core/api.ts')),
  'src/http/respond.ts': imports(from('runtime', '../runtime/body-cache.ts'), from('core', '../core/api.ts')),
  'src/api/serve.ts': imports(
    from('http', '../http/respond.ts'),
    from('runtime', '../runtime/body-cache.ts'),
  ),
  'src/site/serve.ts': imports(from('http', '../http/respond.ts')),
  'src/mcp/protocol.ts': imports(from('core', '../core/api.ts')),
  'src/mcp/tool-specs/search.ts': imports(from('protocol', '../protocol.ts')),
  'src/mcp/tools/search.ts': imports(
    from('spec', '../tool-specs/search.ts'),
    from('runtime', '../../runtime/body-cache.ts'),
  ),
  'src/mcp/serve.ts': imports(from('http', '../http/respond.ts'), from('tool', './tools/search.ts')),
  'src/routes.ts': imports(from('core', './core/api.ts')),
  'src/handler.ts': imports(
    from('api', './api/serve.ts'),
    from('site', './site/serve.ts'),
    from('mcp', './mcp/serve.ts'),
    from('routes', './routes.ts'),
  ),
  'src/adapters/node.ts': imports(
    from('handler', '../handler.ts'),
    from('runtime', '../runtime/body-cache.ts'),
    from('folders', '../folders/deployment-folders.ts'),
  ),
  'src/build/emit.ts': imports(from('core', '../core/api.ts'), from('tool', '../mcp/tool-specs/search.ts')),
  'src/build/write/write-deployment.ts': imports(
    from('emit', '../emit.ts'),
    from('folders', '../../folders/deployment-folders.ts'),
  ),
  'src/build/command/terminal-progress.ts': imports(from('core', '../../core/api.ts')),
  'src/build/dev/server.ts': imports(
    from('write', '../write/write-deployment.ts'),
    from('handler', '../../handler.ts'),
    from('node', '../../adapters/node.ts'),
  ),
  'src/bin/build.ts': imports(from('write', '../build/write/write-deployment.ts')),
  'src/astro/index.ts': imports(
    from('dev', '../build/dev/server.ts'),
    from('write', '../build/write/write-deployment.ts'),
    from('core', '../core/api.ts'),
  ),
  'bench/run.ts': imports(from('handler', '../src/handler.ts'), from('build', '../src/build/emit.ts')),
  'tools/corpus.ts': imports(from('core', '../src/core/api.ts')),
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
    const { output, exitCode } = await depcruise(['src', 'bench', 'tools', 'cli'], {
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

/** `path` of the lawful tree with one more import. */
const plus = (path: string, line: string) => ({ [path]: `${line}\n${LAWFUL[path]}` });

describe('the layering rules', () => {
  it('pass a tree that goes one way down', async () => {
    expect(await cruise({})).toMatchObject({ code: 0, output: expect.not.stringContaining('error') });
  }, 30_000);

  it.each([
    [
      'no-cycles',
      'core and folders importing each other',
      plus('src/core/api.ts', from('f', '../folders/deployment-folders.ts')),
    ],
    [
      'runtime-never-imports-build',
      'an area importing the build',
      plus('src/api/serve.ts', from('b', '../build/emit.ts')),
    ],
    [
      'runtime-never-imports-build',
      'an adapter importing the build',
      plus('src/adapters/node.ts', from('b', '../build/write/write-deployment.ts')),
    ],
    [
      'runtime-never-imports-build',
      'the handler importing a command',
      plus('src/handler.ts', from('c', './bin/build.ts')),
    ],
    ['core-imports-nothing', 'core importing an area', plus('src/core/api.ts', from('a', '../api/serve.ts'))],
    [
      'core-imports-nothing',
      'core importing a tool',
      plus('src/core/api.ts', from('t', '../../tools/corpus.ts')),
    ],
    [
      'folders-build-on-core',
      'the deployment folder importing the runtime',
      plus('src/folders/deployment-folders.ts', from('r', '../runtime/body-cache.ts')),
    ],
    [
      'runtime-builds-on-core',
      'the runtime importing an HTTP rule',
      plus('src/runtime/body-cache.ts', from('h', '../http/respond.ts')),
    ],
    [
      'http-builds-on-runtime',
      'an HTTP rule importing an area',
      plus('src/http/respond.ts', from('a', '../api/serve.ts')),
    ],
    [
      'api-stays-in-its-area',
      'the API importing the site',
      plus('src/api/serve.ts', from('s', '../site/serve.ts')),
    ],
    [
      'site-stays-in-its-area',
      'the site importing MCP',
      plus('src/site/serve.ts', from('m', '../mcp/serve.ts')),
    ],
    [
      'mcp-stays-in-its-area',
      'MCP importing the API',
      plus('src/mcp/serve.ts', from('a', '../api/serve.ts')),
    ],
    [
      'handler-below-adapters',
      'the handler importing an adapter',
      plus('src/handler.ts', from('n', './adapters/node.ts')),
    ],
    [
      'handler-below-adapters',
      'the route table importing an adapter',
      plus('src/routes.ts', from('n', './adapters/node.ts')),
    ],
    [
      'adapters-import-no-area',
      'an adapter importing MCP',
      plus('src/adapters/node.ts', from('m', '../mcp/serve.ts')),
    ],
    [
      'only-servers-import-adapters',
      'an area importing an adapter',
      plus('src/site/serve.ts', from('n', '../adapters/node.ts')),
    ],
    [
      'only-servers-import-adapters',
      'the build writing a deployment importing an adapter',
      plus('src/build/write/write-deployment.ts', from('n', '../../adapters/node.ts')),
    ],
    [
      'build-builds-on-core',
      'the build importing the handler',
      plus('src/build/emit.ts', from('h', '../handler.ts')),
    ],
    [
      'build-builds-on-core',
      'the build importing an area for a constant',
      plus('src/build/emit.ts', from('a', '../api/serve.ts')),
    ],
    [
      'build-builds-on-core',
      "the build importing a tool's behaviour",
      plus('src/build/emit.ts', from('b', '../mcp/tools/search.ts')),
    ],
    [
      'build-builds-on-core',
      'the build importing the runtime',
      plus('src/build/write/write-deployment.ts', from('r', '../../runtime/body-cache.ts')),
    ],
    [
      'build-reaches-no-run-time',
      'a tool spec the build imports importing the runtime',
      plus('src/mcp/tool-specs/search.ts', from('r', '../../runtime/body-cache.ts')),
    ],
    [
      'build-reaches-no-run-time',
      "a tool spec the build imports importing the tool's behaviour",
      plus('src/mcp/tool-specs/search.ts', from('b', '../tools/search.ts')),
    ],
    [
      'build-reaches-no-command',
      'the build importing the build command',
      plus('src/build/write/write-deployment.ts', from('c', '../command/terminal-progress.ts')),
    ],
    [
      'build-reaches-no-command',
      'the build importing the dev server',
      plus('src/build/emit.ts', from('d', './dev/server.ts')),
    ],
    [
      'the-integration-builds-on-the-build',
      'the Astro integration importing the handler',
      plus('src/astro/index.ts', from('h', '../handler.ts')),
    ],
    [
      'the-integration-builds-on-the-build',
      'the Astro integration importing an adapter',
      plus('src/astro/index.ts', from('n', '../adapters/node.ts')),
    ],
    [
      'nothing-imports-the-integration',
      'the build importing the Astro integration',
      plus('src/build/emit.ts', from('a', '../astro/index.ts')),
    ],
    [
      'nothing-imports-the-tools',
      'the build importing the benchmark',
      plus('src/build/emit.ts', from('b', '../../bench/run.ts')),
    ],
    [
      'nothing-imports-the-tools',
      'the dev server importing a tool',
      plus('src/build/dev/server.ts', from('t', '../../../tools/corpus.ts')),
    ],
    [
      'cli-stands-alone',
      'the CLI importing the service',
      { 'cli/src/format.js': "import { x } from '../../src/core/api.ts';\nexport const format = () => x;\n" },
    ],
    [
      'nothing-imports-the-cli',
      'a command importing the CLI',
      plus('src/bin/build.ts', "import { format } from '../../cli/src/format.js';"),
    ],
    [
      'nothing-imports-the-cli',
      'the benchmark importing the CLI',
      plus('bench/run.ts', "import { format } from '../cli/src/format.js';"),
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
