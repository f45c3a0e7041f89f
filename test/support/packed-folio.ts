/**
 * Folio as a blog owner gets it: this repository packed by `npm pack` and installed into a new
 * project of its own with `npm ci --offline`. The project's lockfile names the tarball and, for
 * every dependency, the entry of this repository's own lockfile, so npm installs exactly what
 * `npm ci` installed here, from npm's cache, and downloads nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT } from './server.ts';

interface LockEntry {
  version?: string;
  dev?: boolean;
  [field: string]: unknown;
}

interface PackedFile {
  path: string;
}

export interface InstalledFolio {
  /** The project Folio is installed into. */
  project: string;
  /** The paths in the tarball. */
  files: string[];
}

/** Packs the repository; the tarball's path and its file list. */
function pack(into: string): { tarball: string; files: string[] } {
  const output = execFileSync('npm', ['pack', '--json', '--pack-destination', into], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, BASE_URL: '' },
  });
  // The prepare script's build prints its summary before npm's JSON.
  const [packed] = JSON.parse(output.slice(output.indexOf('\n[') + 1)) as [
    { filename: string; files: PackedFile[] },
  ];
  return { tarball: join(into, packed.filename), files: packed.files.map((file) => file.path) };
}

/** The lockfile of a project that depends on `tarball` alone, its dependencies pinned as here. */
function consumerLock(tarball: string): object {
  const own = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    dependencies: Record<string, string>;
    bin: Record<string, string>;
    engines: Record<string, string>;
  };
  const lock = JSON.parse(readFileSync(resolve(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const installed = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && !entry.dev);
  return {
    name: 'blog',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'blog', dependencies: { [own.name]: `file:${tarball}` } },
      [`node_modules/${own.name}`]: {
        version: own.version,
        resolved: `file:${tarball}`,
        dependencies: own.dependencies,
        bin: own.bin,
        engines: own.engines,
      },
      ...Object.fromEntries(installed),
    },
  };
}

/** Packs Folio and installs it into a new project in the system's temporary folder. */
export function installPackedFolio(): InstalledFolio {
  const scratch = mkdtempSync(join(tmpdir(), 'packed-folio-'));
  const { tarball, files } = pack(scratch);
  const project = join(scratch, 'blog');
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'blog',
      private: true,
      type: 'module',
      dependencies: { folio: `file:${tarball}` },
    }),
  );
  writeFileSync(join(project, 'package-lock.json'), JSON.stringify(consumerLock(tarball)));
  execFileSync('npm', ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: project, stdio: 'pipe' });
  return { project, files };
}
