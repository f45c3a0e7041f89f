/**
 * Node and Bun: the deployment's bodies read from the output folder on disk. A rebuild replaces
 * the folder under a running server; each read is checked to come from the deployment whose
 * manifest the server holds (the manifest file is still the same file after the read), and
 * throws DeploymentReplaced when it may not. A key the deployment's key set does not hold is
 * missing without a read: that answer is the held deployment's, as a cached one is.
 */
import { readFileSync, statSync } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  BODIES_PREFIX,
  KEY_SET_KEY,
  MANIFEST_FORMAT,
  MANIFEST_KEY,
  type Manifest,
} from '../core/deployment.ts';
import { keySetOf } from '../core/key-set.ts';
import { recoverDeployment } from '../folders/deployment-folders.ts';
import { type BodySource, DeploymentReplaced } from '../runtime/body-source.ts';

/**
 * How this runtime reads the files under `root` (the bodies' folder): how it streams the large
 * bodies, and whether it reads a body at once (`readsAtOnce`) rather than in the background.
 */
export type FileStreaming = (root: string) => Pick<BodySource, 'stream' | 'sendParts'> & {
  readsAtOnce?: true;
};

/** Which file a manifest is: a build writes a new one, so another file means another deployment. */
export type FileIdentity = string;
const identityOf = ({ dev, ino }: { dev: number; ino: number }): FileIdentity => `${dev}:${ino}`;

/** The deployment in `outDir` as one server serves it: its manifest and its bodies. */
export interface FileDeployment {
  manifest: Manifest;
  source: BodySource;
  /** Whether the folder still holds this deployment. */
  isCurrent(): Promise<boolean>;
}

/**
 * The deployment in `outDir` (after putting back what a killed build left), its bodies read from
 * that deployment only. Throws one line when there is none or it is of another version.
 */
export async function fileDeployment(outDir: string, streaming: FileStreaming): Promise<FileDeployment> {
  await recoverDeployment(outDir);
  const root = join(outDir, BODIES_PREFIX);
  const manifestPath = root + MANIFEST_KEY;
  const isCurrentFile = async (identity: FileIdentity) => {
    const now = await unlessMissing(stat(manifestPath));
    return now !== null && identityOf(now) === identity;
  };
  const { manifest, identity, mayHold } = await readDeploymentFiles(outDir, isCurrentFile);
  const isCurrent = () => isCurrentFile(identity);
  async function stillServed(): Promise<void> {
    if (!(await isCurrent())) throw new DeploymentReplaced(outDir);
  }
  const { readsAtOnce, ...streams } = streaming(root);
  async function readInBackground(key: string) {
    const bytes = await unlessMissing(readFile(root + key));
    await stillServed();
    return bytes;
  }
  /** A replaced deployment is told as a rejection, as a background read tells it. */
  function readAtOnce(key: string): Uint8Array | null | Promise<never> {
    try {
      const bytes = unlessMissingNow(() => readFileSync(root + key));
      const now = unlessMissingNow(() => statSync(manifestPath));
      if (now !== null && identityOf(now) === identity) return bytes;
      return Promise.reject(new DeploymentReplaced(outDir));
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return {
    manifest,
    isCurrent,
    source: {
      read: (key) => (!mayHold(key) ? null : readsAtOnce ? readAtOnce(key) : readInBackground(key)),
      lacks: (key) => !mayHold(key),
      ...streams,
    },
  };
}

/** Reads of the manifest and key set before giving up on a folder that keeps being replaced. */
const READ_ATTEMPTS = 5;

/**
 * The manifest and the key set of one deployment: the key set is read after the manifest, so both
 * are read again when the folder was replaced in between, up to READ_ATTEMPTS times (a build
 * replaces it once; a folder replaced at every read is refused in one line, not read forever).
 */
export async function readDeploymentFiles(
  outDir: string,
  isCurrentFile: (identity: FileIdentity) => Promise<boolean>,
): Promise<{ manifest: Manifest; identity: FileIdentity; mayHold: (key: string) => boolean }> {
  for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
    const { manifest, identity } = await readManifestFile(outDir);
    const keySet = await unlessMissing(readFile(join(outDir, BODIES_PREFIX) + KEY_SET_KEY));
    if (!(await isCurrentFile(identity))) continue;
    if (!keySet) throw new Error(`folio: the build in ${outDir} is incomplete; run npm run build`);
    return { manifest, identity, mayHold: keySetOf(keySet) };
  }
  throw new Error(
    `folio: the build in ${outDir} was replaced ${READ_ATTEMPTS} times while it was read; start the server once the builds are done`,
  );
}

/** Whether a file system error says there is no such file. */
export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR' || code === 'ENAMETOOLONG';
}

/** The result of a synchronous read, or null when there is no such file. */
function unlessMissingNow<T>(read: () => T): T | null {
  try {
    return read();
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The file's result, or null when there is no such file. */
async function unlessMissing<T>(reading: Promise<T>): Promise<T | null> {
  try {
    return await reading;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The manifest of the folder, or one line saying how to make it. */
export async function readManifest(outDir: string): Promise<Manifest> {
  return (await readManifestFile(outDir)).manifest;
}

/** The manifest and which file it was read from (one open file: both are of the same file). */
async function readManifestFile(outDir: string): Promise<{ manifest: Manifest; identity: FileIdentity }> {
  const handle = await unlessMissing(open(join(outDir, BODIES_PREFIX) + MANIFEST_KEY));
  if (!handle) throw new Error(`folio: no build in ${outDir}; run npm run build first`);
  try {
    const identity = identityOf(await handle.stat());
    const manifest = JSON.parse(new TextDecoder().decode(await handle.readFile())) as Manifest;
    if (manifest.format !== MANIFEST_FORMAT)
      throw new Error(
        `folio: the build in ${outDir} was made by another version of Folio; run npm run build`,
      );
    return { manifest, identity };
  } finally {
    await handle.close();
  }
}
