#!/usr/bin/env node
// folio: checks, builds and serves a blog (build, check, dev, bundle, serve), and answers every
// other command with the API client of cli/ (posts, search, series, tag, talks, api), so one
// `folio` command does both. The blog's commands run Folio's TypeScript sources through tsx, as
// `npm run build` does in Folio's own repository; paths are taken from the working folder.
import { resolve } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const USAGE = `Usage: folio build [options]      check the content folder and write its deployment (--help lists the options)
       folio check [options]      check it and write nothing
       folio dev [options]        serve it from memory, rebuilt on every save ($PORT, $HOST)
       folio bundle [--out DIR] [--dist DIR]
                                  the platforms' functions for the deployment in DIR (default dist/public)
       folio serve [DIR]          serve the deployment in DIR (default dist/public) with Node ($PORT, $HOST)
       folio <command> ...        read a Folio blog's API: the commands below
`;

/** A module of Folio's sources, loaded through tsx. */
const source = (path) => tsImport(`../src/${path}`, import.meta.url);

/** Commands that build change the process's heap settings first (src/build/command/heap-growth.ts). */
async function building(run) {
  (await source('build/command/heap-growth.ts')).limitHeapGrowth();
  return run();
}

/** `folio serve [DIR]`: the Node server (src/adapters/node.ts), which reads its folder from FOLIO_OUT. */
async function serve(args) {
  if (args.length > 1 || args[0]?.startsWith('-')) {
    process.stderr.write(`folio serve: takes one deployment folder, not ${JSON.stringify(args.join(' '))}\n`);
    return 2;
  }
  if (args[0] !== undefined) process.env.FOLIO_OUT = resolve(args[0]);
  await source('adapters/node.ts');
  return undefined;
}

const BLOG_COMMANDS = {
  build: (args) => building(async () => (await source('build/command/run-build.ts')).runBuild(args)),
  check: (args) =>
    building(async () => (await source('build/command/run-build.ts')).runBuild(['--check', ...args])),
  dev: (args) => building(async () => (await source('build/dev/server.ts')).runDev(args)),
  bundle: async (args) => (await source('build/bundle/run-bundle.ts')).runBundle(args),
  serve,
};

const [command, ...args] = process.argv.slice(2);
if (command !== undefined && Object.hasOwn(BLOG_COMMANDS, command)) {
  const code = await BLOG_COMMANDS[command](args);
  if (code !== undefined) process.exitCode = code;
} else {
  if (command === undefined || command === '--help' || command === '-h' || command === 'help')
    process.stdout.write(`${USAGE}\n`);
  await import('../cli/bin/folio.js');
}
