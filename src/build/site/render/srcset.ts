/**
 * A `srcset` attribute's image candidates (`a.png 1x, b.png 2x`), read as browsers read them: each
 * URL is a run of characters up to white space (commas inside it belong to it; trailing ones end
 * the candidate), then its descriptors up to the next comma.
 */
const URL_RUN = /[\s,]*(\S+)/y;
const DESCRIPTORS = /([^,]*),?/y;

export interface SrcsetCandidate {
  url: string;
  /** `2x`, `640w`, or empty. */
  descriptors: string;
}

export function srcsetCandidates(srcset: string): SrcsetCandidate[] {
  const candidates: SrcsetCandidate[] = [];
  let at = 0;
  for (;;) {
    URL_RUN.lastIndex = at;
    const run = URL_RUN.exec(srcset);
    if (!run) return candidates;
    at = URL_RUN.lastIndex;
    const url = (run[1] as string).replace(/,+$/, '');
    if (url.length < (run[1] as string).length) {
      candidates.push({ url, descriptors: '' });
      continue;
    }
    DESCRIPTORS.lastIndex = at;
    const descriptors = DESCRIPTORS.exec(srcset)?.[1] ?? '';
    at = DESCRIPTORS.lastIndex;
    candidates.push({ url, descriptors: descriptors.trim() });
  }
}

/** The `srcset` with each candidate's URL written by `map`, its descriptors kept. */
export function mapSrcset(srcset: string, map: (url: string) => string): string {
  return srcsetCandidates(srcset)
    .map(({ url, descriptors }) => (descriptors ? `${map(url)} ${descriptors}` : map(url)))
    .join(', ');
}
