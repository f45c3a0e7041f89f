#!/usr/bin/env node
// folio: a zero-dependency terminal client for a Folio blog API. Needs Node 18 or later.

const major = Number(process.versions.node.split('.')[0]);
if (major < 18) {
  process.stderr.write(`folio: needs Node 18 or later; this is Node ${process.versions.node}\n`);
  process.stderr.write('hint: Install a current Node from https://nodejs.org and run folio again.\n');
  process.exit(1);
}

// Early Node 18 releases warn that fetch is experimental; that line is noise for a CLI.
const emitWarning = process.emitWarning;
process.emitWarning = /** @type {typeof process.emitWarning} */ (
  (/** @type {any} */ warning, /** @type {any[]} */ ...rest) => {
    if (String(warning).includes('Fetch API')) return;
    emitWarning.call(process, warning, ...rest);
  }
);

// `folio posts | head -1` closes the pipe early: that is not an error.
process.stdout.on('error', (error) => {
  if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EPIPE') process.exit(0);
});

// A project that has both this client and the folio package gets one `folio` command, whichever of
// the two npm linked: the blog's own commands go to the folio package's.
const BLOG_COMMANDS = ['build', 'check', 'dev', 'bundle', 'serve'];

try {
  const [command] = process.argv.slice(2);
  if (command !== undefined && BLOG_COMMANDS.includes(command)) {
    const { runBlogFolio } = await import('../src/blog-folio.js');
    // The folio package's command sets its own exit code.
    const refused = await runBlogFolio(command, process.cwd(), process.stderr);
    if (refused !== undefined) process.exitCode = refused;
  } else {
    const { main } = await import('../src/main.js');
    process.exitCode = await main(process.argv.slice(2), {
      stdout: process.stdout,
      stderr: process.stderr,
      env: process.env,
    });
  }
} catch (error) {
  process.stderr.write(
    `folio: unexpected error: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
}
