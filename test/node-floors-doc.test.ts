/**
 * Every lowest Node version the README and docs/*.md state ("Node ≥ 20.19", "Node 20.19 or later",
 * "Node 22.12+") is the one its program declares in its package.json `engines`: Folio's own, or
 * that of the program the paragraph names before it (Wrangler, the `folio` CLI, ...).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The programs whose floors the docs state, each with the package.json that declares it. */
const PROGRAMS = {
  Folio: 'package.json',
  '`folio`': 'cli/package.json',
  Wrangler: 'test/node_modules/wrangler/package.json',
  'Netlify CLI': 'test/node_modules/netlify-cli/package.json',
  entities: 'node_modules/entities/package.json',
  Astro: 'test/node_modules/astro/package.json',
} as const;
/** Programs the docs state a floor for that no package.json here declares: the tests do not install the Vercel CLI. */
const UNDECLARED = ['Vercel CLI'] as const;
type Program = keyof typeof PROGRAMS | (typeof UNDECLARED)[number];
const declares = (program: Program): program is keyof typeof PROGRAMS => program in PROGRAMS;

const FLOOR = /Node (?:\(?≥ ?(\d+(?:\.\d+)*)|(\d+(?:\.\d+)*)(?:\+| or later))/g;
const NAMED = new RegExp([...Object.keys(PROGRAMS), ...UNDECLARED].join('|'), 'g');

interface Floor {
  where: string;
  program: Program;
  version: string;
}

/** `20.19.0` and `20.19` are one version. */
const normalized = (version: string) => version.replace(/(\.0)+$/, '');

function declaredFloor(program: keyof typeof PROGRAMS): string {
  const { engines } = JSON.parse(readFileSync(PROGRAMS[program], 'utf8'));
  const version = /^>=\s*(\d+(?:\.\d+)*)$/.exec(engines?.node ?? '')?.[1];
  if (!version) throw new Error(`${PROGRAMS[program]}: engines.node is not ">=version"`);
  return normalized(version);
}

/** Paragraphs, list items and table rows: the stretch of text a floor's program is named in. */
const passages = (text: string) => text.split(/\n\s*\n|\n(?=\s*(?:\d+\.|-|\|) )/);

/** The floors a file states, each with the program named last before it in its passage, else Folio. */
function floorsIn(file: string): Floor[] {
  return passages(readFileSync(file, 'utf8')).flatMap((passage) =>
    [...passage.matchAll(FLOOR)].map((match) => {
      const before = passage.slice(0, match.index);
      const program = ([...before.matchAll(NAMED)].at(-1)?.[0] ?? 'Folio') as Program;
      return { where: `${file}: ${match[0]}`, program, version: normalized(match[1] ?? match[2] ?? '') };
    }),
  );
}

// docs/benchmarks.md is written by the benchmark, which states no floor.
const DOCS = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
];
const floors = DOCS.flatMap(floorsIn);

describe('the Node versions the docs state', () => {
  it("state Folio's floor as package.json's engines, wherever they state it", () => {
    const folio = floors.filter((floor) => floor.program === 'Folio');
    expect(new Set(folio.map((floor) => floor.where.split(':')[0]))).toEqual(
      new Set(['README.md', 'docs/deploy.md', 'docs/install.md']),
    );
    for (const floor of folio) expect(floor.version, floor.where).toBe(declaredFloor('Folio'));
  });

  it("state each other program's floor as its own package.json's engines", () => {
    const others = floors.filter((floor) => floor.program !== 'Folio');
    expect(new Set(others.map((floor) => floor.program))).toEqual(
      new Set(['`folio`', 'Wrangler', 'Netlify CLI', 'entities', 'Astro', ...UNDECLARED]),
    );
    for (const { program, version, where } of others)
      if (declares(program)) expect(version, where).toBe(declaredFloor(program));
  });
});
