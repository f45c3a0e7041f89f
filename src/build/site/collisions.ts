/**
 * Who serves a path that both the owner's files (the public folder's, or a built site's beside
 * which Folio runs) and Folio publish: the one table of it. Everything under /api/ and at /mcp is
 * Folio's, and so are the documents that describe the live API and MCP server, which must say what
 * this deployment answers; everything else is the owner's (robots.txt, .well-known/ files, their
 * own llms.txt or sitemap), unless site.yaml's `folioServes` names the path.
 */
import { isFolioPath, PATHS } from '../../core/paths.ts';

/** Why Folio's body is served where the owner has a file. */
export type FolioReason = 'live' | 'area' | 'setting';

/** A path both the owner's files and Folio publish, and whose body is served there. */
export type Collision = {
  path: string;
  /** How the summary names the owner's file: `public/robots.txt`, `dist/api/posts.json`. */
  file: string;
} & ({ served: 'yours' } | { served: 'folio'; why: FolioReason });

/** Folio's documents an owner's file never replaces: the OpenAPI document, the server card, the catalogs, the skills index, the MCP endpoint. */
const LIVE_DESCRIPTIONS: ReadonlySet<string> = new Set([
  PATHS.openapi,
  PATHS.mcpEndpoint,
  PATHS.mcpWellKnown,
  PATHS.mcpServerCard,
  PATHS.mcpServerCardRecommended,
  PATHS.apiCatalog,
  PATHS.aiCatalog,
  PATHS.agentSkills,
]);

export interface CollisionRules {
  /** How the summary names the folder of the owner's files (`public`, `dist`). */
  folder?: string;
  /** Paths site.yaml's `folioServes` gives to Folio. */
  folioServes?: ReadonlySet<string>;
}

/** Why Folio serves `path` over an owner's file there; undefined when the owner's file wins. */
function folioReason(path: string, folioServes: ReadonlySet<string>): FolioReason | undefined {
  if (isFolioPath(path)) return 'area';
  if (LIVE_DESCRIPTIONS.has(path)) return 'live';
  return folioServes.has(path) ? 'setting' : undefined;
}

/**
 * Who publishes each path, given the paths of the owner's files; each path both would publish is
 * noted once, with whose body is served.
 */
export function collisionsWith(
  ownerPaths: Iterable<string>,
  note: (collision: Collision) => void,
  { folder = 'public', folioServes = new Set() }: CollisionRules = {},
) {
  const owner = new Set(ownerPaths);
  const noted = new Set<string>();
  const noteOnce = (collision: Collision) => {
    if (noted.has(collision.path)) return;
    noted.add(collision.path);
    note(collision);
  };
  const file = (path: string) => `${folder}${path}`;
  return {
    /** Whether Folio writes its body at `path`: not where the owner's file wins. */
    folioWrites(path: string): boolean {
      if (!owner.has(path) || folioReason(path, folioServes)) return true;
      noteOnce({ path, file: file(path), served: 'yours' });
      return false;
    },
    /** Whether the owner's file at `path` is published: never where Folio's is served. */
    ownerPublishes(path: string): boolean {
      const why = folioReason(path, folioServes);
      if (why === undefined) return true;
      noteOnce({ path, file: file(path), served: 'folio', why });
      return false;
    },
  };
}
