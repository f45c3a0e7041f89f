/**
 * Folio installed as a blog owner installs it (test/support/packed-folio.ts): the tarball holds what
 * a project needs and nothing of this repository's own work; `npx folio build` and
 * `npx folio serve` in that project serve a blog that passes the black-box check; the same
 * `folio` runs the API client's commands; and the package's entry builds and mounts the handler.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectConformance, runConformance } from './support/conformance.ts';
import { BUILD_TIME, FIXTURES, SERVED_FIXTURE } from './support/fixtures.ts';
import { type InstalledFolio, installPackedFolio } from './support/packed-folio.ts';
import { freePort, type RunningServer, runningServer, spawnGroup } from './support/server.ts';

const run = promisify(execFile);

describe('Folio installed from its tarball', () => {
  let installed: InstalledFolio;
  let server: RunningServer;
  let url: string;
  const folio = (...args: string[]) =>
    run(resolve(installed.project, 'node_modules/.bin/folio'), args, {
      cwd: installed.project,
      encoding: 'utf8',
    });

  beforeAll(async () => {
    installed = installPackedFolio();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const blog = resolve(FIXTURES, SERVED_FIXTURE);
    await folio('build', '--content', blog, '--base-url', url, '--now', BUILD_TIME.toISOString());
    const bin = resolve(installed.project, 'node_modules/.bin/folio');
    const child = spawnGroup(bin, ['serve', 'dist/public'], {
      cwd: installed.project,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = await runningServer(child, url, 20_000);
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("holds the commands, the sources, the client and the types, and none of the repository's own work", () => {
    const outside = installed.files.filter((path) =>
      /^(test|bench|tools|content|docs|deploy|api)\//.test(path),
    );
    expect(outside).toEqual([]);
    for (const path of ['bin/folio.js', 'index.js', 'types/index.d.ts', 'src/handler.ts', 'cli/bin/folio.js'])
      expect(installed.files).toContain(path);
  });

  it("runs the API client's commands through the same `folio`", async () => {
    const { stdout } = await folio('api', '--json', '--base-url', url);
    const local = (await (await fetch(`${url}/api/index.json`)).json()) as { name: string };
    expect(JSON.parse(stdout)).toMatchObject({ name: local.name, version: '1.0.0' });
  });

  it("hands the blog's commands given to the client alone to the package the project has, or says how to get it", async () => {
    const client = resolve(installed.project, 'node_modules/folio/cli/bin/folio.js');
    const blog = resolve(FIXTURES, SERVED_FIXTURE);
    const checked = await run(
      process.execPath,
      [client, 'check', '--content', blog, '--now', BUILD_TIME.toISOString()],
      {
        cwd: installed.project,
        encoding: 'utf8',
      },
    );
    expect(checked.stdout).toMatch(/^folio: checked \d+ posts/);
    const elsewhere = await run(process.execPath, [client, 'build'], {
      cwd: mkdtempSync(join(tmpdir(), 'no-folio-')),
      encoding: 'utf8',
    }).catch((error: { code: number; stderr: string }) => error);
    expect(elsewhere).toMatchObject({
      code: 2,
      stderr:
        'folio: `folio build` builds and serves a blog: it is a command of the folio package, which this project does not have (npm install folio)\n',
    });
  });

  it('refuses a second folder to serve in one line', async () => {
    const refused = await folio('serve', 'a', 'b').catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({
      code: 2,
      stderr: 'folio serve: takes one deployment folder, not "a b"\n',
    });
  });

  it("mounts the deployment's handler from the package's entry, answering what the server answers", async () => {
    const script = join(installed.project, 'mount.mjs');
    writeFileSync(
      script,
      `import { deploymentHandler } from 'folio';
const handler = await deploymentHandler('dist/public');
const answer = await handler.fetch(new Request(process.argv[2] + '/api/posts.json'), { clientAddress: '203.0.113.9' });
process.stdout.write(JSON.stringify({ status: answer.status, type: answer.headers.get('content-type'), body: await answer.text() }));
`,
    );
    const { stdout } = await run(process.execPath, [script, url], {
      cwd: installed.project,
      encoding: 'utf8',
    });
    const served = await fetch(`${url}/api/posts.json`);
    expect(JSON.parse(stdout)).toEqual({
      status: 200,
      type: served.headers.get('content-type'),
      body: await served.text(),
    });
  });

  // Last: the check spends the client's whole quota.
  it.runIf(runConformance)('serves with `folio serve` what passes the black-box check', async () => {
    await expectConformance(url);
  });
});
