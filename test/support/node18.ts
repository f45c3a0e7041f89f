/** Node 18.0.0, the oldest Node the CLI promises to run on (see test/support/pinned-node.ts). */
import { pinnedNode, pinnedVersion } from './pinned-node.ts';

const PACKAGE = 'node-18.0.0';
export const OLDEST_NODE = pinnedVersion(PACKAGE);

let found: string | undefined;

/** The path of the installed Node 18.0.0 binary; throws, saying how to get it, when it is missing. */
export function oldestNode(): string {
  found ??= pinnedNode(PACKAGE);
  return found;
}
