/** Content negotiation on `Accept` (RFC 9110 12.5.1), q-values and specificity honoured. */

export interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** The media ranges of an Accept header; ranges with a malformed q-value are dropped. */
export function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim());
    const [type, subtype] = range.toLowerCase().split('/');
    if (!type || !subtype) continue;
    let q = 1;
    for (const param of params) {
      const [name, value = ''] = param.split('=').map((piece) => piece.trim());
      if (name?.toLowerCase() === 'q') q = QVALUE.test(value) ? Number(value) : Number.NaN;
    }
    if (!Number.isNaN(q)) ranges.push({ type, subtype, q });
  }
  return ranges;
}

/** How specifically a range names a type: exact 2, `type/*` 1, `*\/*` 0; -1 when it does not match. */
function specificity(range: MediaRange, type: string, subtype: string): number {
  if (range.type === type && range.subtype === subtype) return 2;
  if (range.type === type && range.subtype === '*') return 1;
  if (range.type === '*' && range.subtype === '*') return 0;
  return -1;
}

/** The q-value the client gives a media type: that of the most specific range matching it. */
export function qualityOf(ranges: readonly MediaRange[], mediaType: string): number {
  const [type = '', subtype = ''] = mediaType.split('/');
  let best = -1;
  let q = 0;
  for (const range of ranges) {
    const score = specificity(range, type, subtype);
    if (score > best) {
      best = score;
      q = range.q;
    }
  }
  return q;
}

/**
 * The offer the client prefers, ties going to the earlier offer; the first offer when the header
 * is absent or accepts none of them (serving the default beats a 406 for a page).
 */
export function negotiate<T extends string>(accept: string | null, offers: readonly [T, ...T[]]): T {
  if (!accept) return offers[0];
  const ranges = parseAccept(accept);
  let chosen = offers[0];
  let bestQ = 0;
  for (const offer of offers) {
    const q = qualityOf(ranges, offer);
    if (q > bestQ) {
      bestQ = q;
      chosen = offer;
    }
  }
  return chosen;
}

/** The compressed encoding to send: br before gzip, each only when accepted with q > 0. */
export function acceptedEncoding(header: string | null): 'br' | 'gzip' | null {
  if (!header) return null;
  let gzip = false;
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.split(';');
    const name = coding.trim().toLowerCase();
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : null;
}
