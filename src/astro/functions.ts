/**
 * The platform's function, written after the deployment (src/build/bundle/run-bundle.ts bundles
 * it): Netlify's Edge Function where Netlify finds a framework's own
 * (`.netlify/v1/edge-functions/`, its paths declared in it), the others into `.folio/` at the
 * site's root, for the platform's config to name (docs/astro.md).
 */
import { join } from 'node:path';
import { BundleRefused, type FunctionFile, writeFunctions } from '../build/bundle/run-bundle.ts';
import type { Platform } from './platform.ts';
import { FolioAstroRefusal } from './refusal.ts';

export const FUNCTIONS_FOLDER = '.folio';

const FUNCTIONS: Readonly<Record<Platform, { folder: string; file: FunctionFile }>> = {
  node: { folder: FUNCTIONS_FOLDER, file: 'node.mjs' },
  vercel: { folder: FUNCTIONS_FOLDER, file: 'vercel.js' },
  netlify: { folder: '.netlify/v1/edge-functions', file: 'netlify.js' },
  cloudflare: { folder: FUNCTIONS_FOLDER, file: 'cloudflare.js' },
};

/** Writes the function of `platform` for the deployment in `outDir`; the path written. */
export async function writePlatformFunction(
  platform: Platform,
  root: string,
  outDir: string,
): Promise<string> {
  const { folder, file } = FUNCTIONS[platform];
  try {
    const [[path] = []] = await writeFunctions(outDir, join(root, folder), [file]);
    return path ?? join(root, folder, file);
  } catch (error) {
    if (error instanceof BundleRefused) throw new FolioAstroRefusal(`folio: ${error.message}`);
    throw error;
  }
}
