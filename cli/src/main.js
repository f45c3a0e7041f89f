/** `folio`: parse, run one command, print, and turn every failure into one line and an exit code. */
import { readFileSync } from 'node:fs';
import { parse } from './args.js';
import { palette, useColour } from './colour.js';
import { runCommand } from './commands.js';
import { CliError, UsageError } from './errors.js';
import { commandHelp, MAIN_HELP } from './help.js';

/**
 * @typedef {object} Output
 * @property {(chunk: string) => unknown} write
 * @property {boolean} [isTTY]
 * @property {number} [columns]
 */

/**
 * @typedef {object} Io
 * @property {Output} stdout
 * @property {Output} stderr
 * @property {Record<string, string | undefined>} env
 */

/** folio's own version, from its package.json. */
export function version() {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return String(pkg.version);
}

/**
 * Runs folio with `argv` (the arguments after `folio`) and returns the exit code.
 * @param {string[]} argv
 * @param {Io} io
 * @returns {Promise<number>}
 */
export async function main(argv, io) {
  const out = (/** @type {string} */ text) => io.stdout.write(`${text}\n`);
  const err = (/** @type {string} */ text) => io.stderr.write(`${text}\n`);
  try {
    const invocation = parse(argv, io.env);
    if (invocation.help) {
      out(invocation.command ? commandHelp(invocation.command) : MAIN_HELP);
      return 0;
    }
    if (invocation.version) {
      out(version());
      return 0;
    }
    if (!invocation.command)
      throw new UsageError('missing command', 'Try `folio posts`, or run `folio --help`.');
    const colour = palette(useColour(io.stdout, io.env));
    const width = io.stdout.isTTY && io.stdout.columns ? io.stdout.columns : undefined;
    await runCommand(invocation.command, {
      invocation,
      client: { baseUrl: invocation.baseUrl, timeoutMs: invocation.timeoutMs, notice: err },
      colour,
      width,
      print: out,
    });
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      err(`folio: ${error.message}`);
      if (error.hint) err(`hint: ${error.hint}`);
      return error.exitCode;
    }
    err(`folio: unexpected error: ${error instanceof Error ? error.message : String(error)}`);
    err('hint: This is a bug in folio; please report it with the command you ran.');
    return 1;
  }
}
