/** Failures the CLI reports as one line (plus a hint) and an exit code, never as a stack trace. */

export class CliError extends Error {
  /**
   * @param {string} message One line, without the `folio:` prefix.
   * @param {string} [hint] Recovery advice, printed on its own line.
   * @param {number} [exitCode] 1 for API, network and server failures.
   * @param {number} [status] The HTTP status of the server's refusal, when it refused.
   */
  constructor(message, hint, exitCode = 1, status = undefined) {
    super(message);
    this.name = 'CliError';
    /** @type {string | undefined} */
    this.hint = hint;
    /** @type {number} */
    this.exitCode = exitCode;
    /** @type {number | undefined} */
    this.status = status;
  }
}

/** A mistake on the command line: unknown command or flag, missing or bad argument. Exits 2. */
export class UsageError extends CliError {
  /**
   * @param {string} message
   * @param {string} [hint]
   */
  constructor(message, hint = 'Run `folio --help` for the commands and flags.') {
    super(message, hint, 2);
    this.name = 'UsageError';
  }
}
