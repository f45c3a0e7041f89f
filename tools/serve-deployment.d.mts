/** The types of tools/serve-deployment.mjs (plain JavaScript, so that `node` runs it as it is). */

/** The file at the URL path `path` under the folder `root`, or null when there is none. */
export function deploymentFile(root: string, path: string): Buffer | null;
