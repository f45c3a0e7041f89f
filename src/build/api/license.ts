const KNOWN: Record<string, { name: string; url: string }> = {
  'CC-BY-4.0': { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  'CC-BY-SA-4.0': { name: 'CC BY-SA 4.0', url: 'https://creativecommons.org/licenses/by-sa/4.0/' },
  'CC0-1.0': { name: 'CC0 1.0', url: 'https://creativecommons.org/publicdomain/zero/1.0/' },
};

export interface License {
  name: string;
  spdx: string;
  url: string;
}

/** The content licence named by its SPDX identifier; null when the blog states none. */
export function describeLicense(spdx: string | null, fallbackUrl: string): License | null {
  if (spdx === null) return null;
  const known = KNOWN[spdx];
  return { name: known?.name ?? spdx, spdx, url: known?.url ?? fallbackUrl };
}
