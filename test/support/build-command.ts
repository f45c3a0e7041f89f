/**
 * The build command (src/build/command/run-build.ts) run in-process, as its command line runs it: the same
 * arguments, exit code and output, without a process (and a TypeScript loader) started per build.
 * One test per command still runs it as a child process (test/build-command.test.ts).
 */
import { type CommandContext, runBuild } from '../../src/build/command/run-build.ts';
import { ROOT } from './server.ts';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `tsx src/build/command/run-build.ts ...args` in `cwd`, with `env` over this process's environment; output piped;
 * its files written by `files` when given; `limits` in place of the platforms' documented ones.
 */
export async function buildCommand(
  args: readonly string[],
  {
    cwd = ROOT,
    env = {},
    files,
    limits,
  }: {
    cwd?: string;
    env?: Record<string, string>;
    files?: CommandContext['files'];
    limits?: CommandContext['limits'];
  } = {},
): Promise<CommandResult> {
  let stdout = '';
  let stderr = '';
  const code = await runBuild(args, {
    env: { ...process.env, ...env },
    cwd,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    ...(files && { files }),
    ...(limits && { limits }),
  });
  return { code, stdout, stderr };
}
