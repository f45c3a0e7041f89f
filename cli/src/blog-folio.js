/** `folio build` (and check, dev, bundle, serve) given to the client: run by the folio package the project has. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Runs the folio package's own `folio` (it reads the same process arguments) when the project in
 * `cwd` has it installed; otherwise says in one line how to get it, and returns the usage code.
 * @param {string} command
 * @param {string} cwd
 * @param {{ write(text: string): unknown }} stderr
 * @returns {Promise<number | undefined>}
 */
export async function runBlogFolio(command, cwd, stderr) {
  let packageJson;
  try {
    packageJson = createRequire(join(cwd, 'package.json')).resolve('folio/package.json');
  } catch {
    stderr.write(
      `folio: \`folio ${command}\` builds and serves a blog: it is a command of the folio package, which this project does not have (npm install folio)\n`,
    );
    return 2;
  }
  await import(pathToFileURL(join(dirname(packageJson), 'bin/folio.js')).href);
  return undefined;
}
