/**
 * The layers of Folio, one way down. Run time: adapters -> handler and route table -> areas (api,
 * mcp, site) -> http rules -> runtime (what a running server keeps) -> core. The build (src/build)
 * is a layer of its own that run-time code never imports and that builds on core (what both sides
 * share) and on the deployment folder's layout (src/folders); its dev server is a server, so it
 * may use the run time as an adapter does. The commands' entries (src/bin) and the package's entry
 * (src/index.ts) are thin entries on top of the build and the run time; the Astro integration
 * (src/astro) is an entry too, on the build and its dev server; the benchmark (bench/)
 * and the tools (tools/) sit above everything and nothing imports
 * them; the CLI (cli/) is a package of its own. `npm run lint` runs these rules over every folder
 * with code; test/layers.test.ts proves each one catches a violation.
 */
/** Everything a running server loads. */
const RUNTIME = '^src/(?!build/|bin/|astro/|index\\.ts$)';
/**
 * The MCP tool specifications (mcp/tool-specs/, with their schemas, protocol types and resource
 * templates) are the build's one import from an area: each holds a tool's name, wording and
 * schemas, apart from its behaviour (mcp/tools/), and the build publishes them (tools/list, the
 * server card, llms.txt, the portal) from the same module the run time checks calls against.
 */
const TOOL_SPECS = '^src/mcp/((protocol|schemas|pieces|resource-templates|tool-spec)\\.ts$|tool-specs/)';
/** The build below its command and its dev server: what a deployment is made with. */
const BUILD = '^src/build/(?!dev/|command/)';
const rule = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });
/** A folder that imports only itself and the folders it names. */
const buildsOn = (folder, below) => ({
  path: `^src/(?!${[folder, ...below].map((f) => `${f}/`).join('|')})`,
});

module.exports = {
  forbidden: [
    rule('no-cycles', 'Modules must not import each other in a circle.', {}, { circular: true }),
    rule(
      'runtime-never-imports-build',
      'Run-time code must not import the build, its commands, the benchmark or the tools.',
      { path: RUNTIME },
      { path: '^(src/(build|bin)/|bench/|tools/)' },
    ),
    rule(
      'core-imports-nothing',
      'Core holds constants, types, schemas, the formats build and run time share and the byte-bounded cache both use; it imports no other layer.',
      { path: '^src/core/' },
      { path: '^(src/(?!core/)|bench/|tools/|cli/)' },
    ),
    rule(
      'folders-build-on-core',
      'The deployment folder on disk (its layout and its recovery after a killed build) is shared by the build that writes it and the servers that read it: it builds on core only.',
      { path: '^src/folders/' },
      buildsOn('folders', ['core']),
    ),
    rule(
      'runtime-builds-on-core',
      'What a running server keeps (bodies, caches, the limiter, the rate stores) knows no HTTP rule, area, handler or adapter.',
      { path: '^src/runtime/' },
      buildsOn('runtime', ['core']),
    ),
    rule(
      'http-builds-on-runtime',
      'HTTP rules know no area, handler or adapter.',
      { path: '^src/http/' },
      buildsOn('http', ['runtime', 'core']),
    ),
    ...['api', 'site', 'mcp'].map((area) =>
      rule(
        `${area}-stays-in-its-area`,
        `The ${area} area builds on the HTTP rules, the runtime and core only.`,
        { path: `^src/${area}/` },
        buildsOn(area, ['http', 'runtime', 'core']),
      ),
    ),
    rule(
      'handler-below-adapters',
      'The handler and the route table never reach up to an adapter.',
      { path: '^src/(handler|routes)\\.ts$' },
      { path: '^src/adapters/' },
    ),
    rule(
      'adapters-import-no-area',
      'An adapter hands requests to the handler; it knows no area.',
      { path: '^src/adapters/' },
      { path: '^src/(api|mcp|site)/' },
    ),
    rule(
      'only-servers-import-adapters',
      'Adapters are the top of the run time: below them nothing imports one; of the build, only the dev server (a server) does.',
      { path: '^src/', pathNot: ['^src/adapters/', '^src/build/dev/', '^src/bin/', '^src/index\\.ts$'] },
      { path: '^src/adapters/' },
    ),
    rule(
      'build-builds-on-core',
      'The build uses core (the shared formats), the deployment folder and its own modules, never the run time above core.',
      { path: '^src/build/(?!dev/)' },
      { ...buildsOn('build', ['core', 'folders']), pathNot: TOOL_SPECS },
    ),
    rule(
      'build-reaches-no-run-time',
      'What the build loads, import after import, stays in the build, core, the deployment folder and the tool specs: a spec that pulled in a behaviour, an HTTP rule or the runtime would load the server into the build.',
      { path: BUILD },
      { path: '^src/(?!(build|core|folders)/)', pathNot: TOOL_SPECS, reachable: true },
    ),
    rule(
      'build-reaches-no-command',
      'The build never reaches the layers on top of it: the build command (arguments and printing), the dev server or the entries.',
      { path: BUILD },
      { path: '^src/(build/(command|dev)|bin)/', reachable: true },
    ),
    rule(
      'the-integration-builds-on-the-build',
      "The Astro integration reads Astro's hooks and hands the work to the build and its dev server: it imports only them and core.",
      { path: '^src/astro/' },
      buildsOn('astro', ['build', 'core']),
    ),
    rule(
      'nothing-imports-the-integration',
      'The Astro integration is an entry on top: nothing of the service or the build imports it.',
      { path: '^src/(?!astro/)' },
      { path: '^src/astro/' },
    ),
    rule(
      'nothing-imports-the-tools',
      'The benchmark and the tools are on top: neither the run time nor the build imports them.',
      { path: '^src/' },
      { path: '^(bench|tools)/' },
    ),
    rule(
      'cli-stands-alone',
      'The CLI is a package of its own with no dependencies: it imports only itself and Node built-ins.',
      { path: '^cli/' },
      { pathNot: '^cli/', dependencyTypesNot: ['core'] },
    ),
    rule(
      'nothing-imports-the-cli',
      'The service, the build and the benchmark never import the CLI; they talk to the service over HTTP.',
      { path: '^(src|bench|tools)/' },
      { path: '^cli/' },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: ['\\.d\\.ts$', '\\.d\\.mts$'] },
  },
};
