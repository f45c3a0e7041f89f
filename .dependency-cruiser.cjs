/**
 * The layers of Folio, one way down: adapters -> handler and route table -> areas (api, mcp, site)
 * -> http rules -> core. The build (src/build and the build's library in scripts/) is a layer of its
 * own that run-time code never imports, and that builds on core only: what both sides share lives
 * in core. The command entries (scripts/build.ts, dev.ts, bundle.ts), the dev server's in-memory
 * deployment and the benchmark sit on top and may use the run time; the CLI (cli/) is a package of
 * its own. `npm run lint` runs these rules over src, scripts and cli; test/layers.test.ts proves
 * each one catches a violation.
 */
const RUNTIME = '^src/(?!build/|commands/)';
/** The command entries and tools: they start servers and builds, so they may import the run time. */
const ENTRY_PATHS = '(build|dev|bundle|memory-deployment|corpus)\\.ts$|bench/';
const ENTRIES = `^scripts/(${ENTRY_PATHS})`;
/**
 * The build's library: src/build and every module of scripts/ that is not an entry. The MCP tool
 * modules (mcp/tools/, with their schemas, protocol types and resource templates) are the one
 * exception: each holds a tool's wording and schemas beside its behaviour, and the build publishes
 * them (tools/list, the server card, llms.txt, the portal) from the same module the run time calls.
 */
const BUILD_LIBRARY = ['^src/build/', `^scripts/(?!(${ENTRY_PATHS}))`];
const SHARED_WITH_MCP = '^src/mcp/((protocol|schemas|pieces|resource-templates|tool-kit)\\.ts$|tools/)';
const rule = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

module.exports = {
  forbidden: [
    rule('no-cycles', 'Modules must not import each other in a circle.', {}, { circular: true }),
    rule(
      'runtime-never-imports-build',
      'Run-time code must not import the content compiler, rendering, indexing, the build scripts or the tools.',
      { path: RUNTIME },
      { path: '^(src/build|scripts)/' },
    ),
    rule(
      'core-imports-nothing',
      'Core holds constants, types, schemas and the formats build and run time share; it imports no other layer.',
      { path: '^src/core/' },
      { path: '^(src/(?!core/)|scripts/|cli/)' },
    ),
    rule(
      'folders-import-only-core',
      'The deployment folder on disk (its layout and its recovery after a killed build) is shared by the build that writes it and the servers that read it: it builds on core only.',
      { path: '^src/folders/' },
      { path: '^(src/(?!core/|folders/)|scripts/|cli/)' },
    ),
    rule(
      'http-imports-only-core',
      'HTTP rules know no area, handler or adapter.',
      { path: '^src/http/' },
      { path: '^src/(?!core/|http/)' },
    ),
    rule(
      'api-stays-in-its-area',
      'The API area builds on http and core only.',
      { path: '^src/api/' },
      { path: '^src/(?!core/|http/|api/)' },
    ),
    rule(
      'site-stays-in-its-area',
      'The site area builds on http and core only.',
      { path: '^src/site/' },
      { path: '^src/(?!core/|http/|site/)' },
    ),
    rule(
      'mcp-stays-in-its-area',
      'The MCP area builds on http and core only.',
      { path: '^src/mcp/' },
      { path: '^src/(?!core/|http/|mcp/)' },
    ),
    rule(
      'handler-below-adapters',
      'The handler and the route table never reach up to an adapter.',
      { path: '^src/(handler|routes)\\.ts$' },
      { path: '^src/adapters/' },
    ),
    rule(
      'only-entries-import-adapters',
      'Adapters are the top of the run time: below them nothing imports one, and the build uses none.',
      { path: '^(src|scripts)/', pathNot: ['^src/adapters/', ENTRIES] },
      { path: '^src/adapters/' },
    ),
    rule(
      'build-builds-on-core',
      'The build uses core (the shared formats) and its own modules, never the run time above core.',
      { path: BUILD_LIBRARY },
      { path: '^src/(?!core/|build/|folders/)', pathNot: SHARED_WITH_MCP },
    ),
    rule(
      'nothing-imports-the-tools',
      'The benchmark is a tool on top: neither the run time nor the build imports it.',
      { path: '^(src|scripts)/', pathNot: '^scripts/bench/' },
      { path: '^scripts/bench/' },
    ),
    rule(
      'cli-stands-alone',
      'The CLI is a package of its own with no dependencies: it imports only itself and Node built-ins.',
      { path: '^cli/' },
      { pathNot: '^cli/', dependencyTypesNot: ['core'] },
    ),
    rule(
      'nothing-imports-the-cli',
      'The service and the build never import the CLI; it talks to the service over HTTP.',
      { path: '^(src|scripts)/' },
      { path: '^cli/' },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: ['\\.d\\.ts$', '^scripts/bench/autocannon\\.d\\.ts$'] },
  },
};
