/**
 * The layering rules of .dependency-cruiser.cjs (run by `npm run lint`) catch what they forbid: a
 * small tree written for the test, with one deliberate violation at a time, is checked with the
 * project's own configuration.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT } from './support/server.ts';

const run = promisify(execFile);
const CONFIG = resolve(ROOT, '.dependency-cruiser.cjs');

/** A tree that keeps every rule: each file imports the layer below it. */
const LAWFUL: Record<string, string> = {
  'src/core/api.ts': 'export const VERSION = 1;\n',
  'src/http/headers.ts': "import { VERSION } from '../core/api.ts';\nexport const h = VERSION;\n",
  'src/api/serve.ts': "import { h } from '../http/headers.ts';\nexport const a = h;\n",
  'src/mcp/serve.ts': "import { h } from '../http/headers.ts';\nexport const m = h;\n",
  'src/handler.ts':
    "import { a } from './api/serve.ts';\nimport { m } from './mcp/serve.ts';\nexport const x = a + m;\n",
  'src/adapters/node.ts': "import { x } from '../handler.ts';\nexport default x;\n",
  'src/build/emit.ts': "import { VERSION } from '../core/api.ts';\nexport const e = VERSION;\n",
};

async function cruise(changes: Record<string, string>): Promise<{ code: number; output: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'folio-layers-'));
  try {
    const files = {
      ...LAWFUL,
      ...changes,
      'tsconfig.json': '{"compilerOptions":{"allowImportingTsExtensions":true,"noEmit":true}}',
    };
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    const result = await run(resolve(BIN, 'depcruise'), ['src', '--config', CONFIG], { cwd: dir }).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, output: error.stdout }),
    );
    return result;
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
      { 'src/core/api.ts': "import { h } from '../http/headers.ts';\nexport const VERSION = h;\n" },
    ],
    [
      'runtime-never-imports-build',
      { 'src/api/serve.ts': "import { e } from '../build/emit.ts';\nexport const a = e;\n" },
    ],
    [
      'http-imports-only-core',
      { 'src/http/headers.ts': "import { a } from '../api/serve.ts';\nexport const h = a;\n" },
    ],
    [
      'mcp-stays-in-its-area',
      { 'src/mcp/serve.ts': "import { a } from '../api/serve.ts';\nexport const m = a;\n" },
    ],
    ['handler-below-adapters', { 'src/handler.ts': "import x from './adapters/node.ts';\nexport { x };\n" }],
    [
      'build-below-run-time-entry',
      { 'src/build/emit.ts': "import { x } from '../handler.ts';\nexport const e = x;\n" },
    ],
  ])(
    'catch %s',
    async (rule, changes) => {
      const { code, output } = await cruise(changes);
      expect(code).not.toBe(0);
      expect(output).toContain(`error ${rule}:`);
    },
    30_000,
  );
});
