/**
 * A `srcset` attribute's image candidates (`a.png 1x, b.png 2x`), read as browsers read them: each
 * URL is a run of characters up to white space (commas inside it belong to it; trailing ones end
 * the candidate), then its descriptors up to the next comma.
 */

/** One candidate: its separators (spaces, commas), its URL, then its trailing commas or its descriptors. */
const CANDIDATE = /([\s,]*)(\S+?)(,+(?=\s|$)|(?=\s|$)[^,]*)/g;

export interface SrcsetCandidate {
  url: string;
  /** `2x`, `640w`, or empty. */
  descriptors: string;
}

export function srcsetCandidates(srcset: string): SrcsetCandidate[] {
  return [...srcset.matchAll(CANDIDATE)].map(([, , url = '', rest = '']) => ({
    url,
    descriptors: rest.startsWith(',') ? '' : rest.trim(),
  }));
}

/** The `srcset` with each candidate's URL written by `map`, separators and descriptors as they were. */
export function mapSrcset(srcset: string, map: (url: string) => string): string {
  return srcset.replace(
    CANDIDATE,
    (_, separators: string, url: string, rest: string) => separators + map(url) + rest,
  );
}
