/** The folio CLI run many times in one process per Node (./cli-host.mjs), as the CLI's tests run it. */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from './server.ts';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliHost {
  /** The CLI with `argv` and exactly `env`, its standard output a terminal `terminal` columns wide when given. */
  run(argv: string[], env: Record<string, string>, terminal?: number): Promise<Run>;
  stop(): Promise<void>;
}

export function startCliHost(node: string): CliHost {
  const child: ChildProcessWithoutNullStreams = spawn(
    node,
    [resolve(ROOT, 'test/support/cli-host.mjs'), resolve(ROOT, 'cli/src/main.js')],
    { cwd: ROOT, stdio: 'pipe' },
  );
  const waiting = new Map<number, (run: Run) => void>();
  let next = 0;
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  createInterface({ input: child.stdout }).on('line', (line) => {
    const { id, ...run } = JSON.parse(line) as Run & { id: number };
    waiting.get(id)?.(run);
    waiting.delete(id);
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    run(argv, env, terminal) {
      const id = next++;
      return new Promise((done, fail) => {
        if (child.exitCode !== null) fail(new Error(`the CLI host has exited: ${stderr}`));
        waiting.set(id, done);
        child.stdin.write(`${JSON.stringify({ id, argv, env, terminal })}\n`);
      });
    },
    async stop() {
      child.stdin.end();
      child.kill();
      await exited;
    },
  };
}
