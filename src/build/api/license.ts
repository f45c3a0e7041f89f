const KNOWN: Record<string, { name: string; url: string }> = {
  'CC-BY-4.0': { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  'CC-BY-SA-4.0': { name: 'CC BY-SA 4.0', url: 'https://creativecommons.org/licenses/by-sa/4.0/' },
  'CC0-1.0': { name: 'CC0 1.0', url: 'https://creativecommons.org/publicdomain/zero/1.0/' },
};

/** The content licence named by its SPDX identifier. */
export function describeLicense(
  spdx: string,
  fallbackUrl: string,
): { name: string; spdx: string; url: string } {
  const known = KNOWN[spdx];
  return { name: known?.name ?? spdx, spdx, url: known?.url ?? fallbackUrl };
}
