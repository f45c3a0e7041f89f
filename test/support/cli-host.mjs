/**
 * Runs the folio CLI's `main` (cli/src/main.js, what cli/bin/folio.js calls) once per line read on
 * standard input, in this one process, and answers each with one line: the exit code and what the
 * run wrote to its standard output and error. A line is JSON: `{ id, argv, env, terminal }`, where
 * `terminal`, when given, is the width of the terminal the run's standard output pretends to be.
 * Plain JavaScript, so it runs on the oldest Node the CLI supports as on the newest.
 */
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const { main } = await import(pathToFileURL(process.argv[2]).href);

for await (const line of createInterface({ input: process.stdin })) {
  const { id, argv, env, terminal } = JSON.parse(line);
  const output = { stdout: '', stderr: '' };
  const stream = (name, tty) => ({
    write(chunk) {
      output[name] += chunk;
      return true;
    },
    isTTY: tty,
    columns: tty ? terminal : undefined,
  });
  const io = { stdout: stream('stdout', terminal !== undefined), stderr: stream('stderr', false), env };
  main(argv, io).then((code) => process.stdout.write(`${JSON.stringify({ id, code, ...output })}\n`));
}
