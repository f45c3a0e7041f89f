/**
 * The owner's public files at paths where Folio writes a body of its own: the owner's file wins,
 * except over the documents that describe the live API and MCP server, which must say what this
 * deployment answers.
 */
import { PATHS } from '../../core/paths.ts';

/** A path both the public folder and Folio publish, and whose body is served there. */
export interface Collision {
  path: string;
  served: 'yours' | 'folio';
}

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

/**
 * Who publishes each path, given the paths of the public folder's files; each path both would
 * publish is noted once, with whose body is served.
 */
export function collisionsWith(ownerPaths: Iterable<string>, note: (collision: Collision) => void) {
  const owner = new Set(ownerPaths);
  const noted = new Set<string>();
  const noteOnce = (collision: Collision) => {
    if (noted.has(collision.path)) return;
    noted.add(collision.path);
    note(collision);
  };
  return {
    /** Whether Folio writes its body at `path`: not where the owner's file wins. */
    folioWrites(path: string): boolean {
      if (!owner.has(path) || LIVE_DESCRIPTIONS.has(path)) return true;
      noteOnce({ path, served: 'yours' });
      return false;
    },
    /** Whether the owner's file at `path` is published: never over a live description. */
    ownerPublishes(path: string): boolean {
      if (!LIVE_DESCRIPTIONS.has(path)) return true;
      noteOnce({ path, served: 'folio' });
      return false;
    },
  };
}
