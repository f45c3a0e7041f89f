/**
 * What a site's `package.json` says of its owner: `author` (`"Name <email> (url)"` or
 * `{ name, url }`), `homepage` and `license`. A value that is not a string of the expected shape is
 * left out, as is the whole file when it is not JSON: it is a hint, never a setting.
 */
import type { AstroSiteHints } from './astro-config.ts';

type ManifestHints = Pick<AstroSiteHints, 'packageAuthor' | 'packageLicense'>;

const isWebUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\/[^/\s]+/.test(value) && URL.canParse(value);

/** `Ada Signal <ada@x.example> (https://ada.example)` as a name and a URL. */
function authorOf(author: unknown, homepage: unknown): ManifestHints['packageAuthor'] {
  const given =
    typeof author === 'string'
      ? { name: author.replace(/<[^>]*>|\([^)]*\)/g, '').trim(), url: /\(([^)]*)\)/.exec(author)?.[1] }
      : typeof author === 'object' && author !== null
        ? (author as { name?: unknown; url?: unknown })
        : undefined;
  if (typeof given?.name !== 'string' || given.name.trim() === '') return undefined;
  const url = [given.url, homepage].find(isWebUrl);
  return { name: given.name.trim(), ...(url && { url }) };
}

export function readPackageManifest(text: string): ManifestHints {
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof manifest !== 'object' || manifest === null) return {};
  const { author, homepage, license } = manifest as Record<string, unknown>;
  const packageAuthor = authorOf(author, homepage);
  return {
    ...(packageAuthor && { packageAuthor }),
    ...(typeof license === 'string' && license.trim() && license !== 'UNLICENSED'
      ? { packageLicense: license.trim() }
      : {}),
  };
}
