/**
 * The layers of Folio, one way down: adapters -> handler and route table -> areas (api, mcp, site)
 * -> http plumbing -> core. The build (src/build) is a layer of its own that run-time code never
 * imports. `npm run lint` runs these rules; test/layers.test.ts proves they catch a violation.
 */
const RUNTIME = '^src/(?!build/)';
const rule = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

module.exports = {
  forbidden: [
    rule('no-cycles', 'Modules must not import each other in a circle.', {}, { circular: true }),
    rule(
      'runtime-never-imports-build',
      'Run-time code must not import the content compiler, rendering, indexing or the build scripts.',
      { path: RUNTIME },
      { path: '^(src/build|scripts)/' },
    ),
    rule(
      'core-imports-nothing',
      'Core holds constants, types and schemas; it imports no other layer.',
      { path: '^src/core/' },
      { path: '^src/(?!core/)' },
    ),
    rule(
      'http-imports-only-core',
      'HTTP plumbing knows no area, handler or adapter.',
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
      'build-below-run-time-entry',
      'The build uses the areas\u2019 shared pieces but never a handler, route table or adapter.',
      { path: '^src/build/' },
      { path: '^src/(adapters/|handler\\.ts|routes\\.ts)' },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.d\\.ts$' },
  },
};
