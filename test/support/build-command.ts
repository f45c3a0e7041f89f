/**
 * The build command (scripts/build.ts) run in-process, as its command line runs it: the same
 * arguments, exit code and output, without a process (and a TypeScript loader) started per build.
 * One test per command still runs it as a child process (test/build-command.test.ts).
 */
import { runBuild } from '../../scripts/build.ts';
import type { PlatformLimit } from '../../scripts/deployment-limits.ts';
import { ROOT } from './server.ts';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `tsx scripts/build.ts ...args` in `cwd`, with `env` over this process's environment; output
 * piped. `limits` stand in for the platforms' documented ones.
 */
export async function buildCommand(
  args: readonly string[],
  {
    cwd = ROOT,
    env = {},
    limits,
  }: { cwd?: string; env?: Record<string, string>; limits?: readonly PlatformLimit[] } = {},
): Promise<CommandResult> {
  let stdout = '';
  let stderr = '';
  const code = await runBuild(
    args,
    {
      env: { ...process.env, ...env },
      cwd,
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
    },
    limits,
  );
  return { code, stdout, stderr };
}
