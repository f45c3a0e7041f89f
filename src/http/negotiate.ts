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

import type { Coding } from '../core/deployment.ts';

export type { Coding };

/** The q-value the client gives each coding the server can send; 0 is "not acceptable". */
export type AcceptedCodings = Readonly<Record<Coding, number>>;

/**
 * Below any q-value a client can write (they have three decimals): identity's when the header
 * neither lists it nor has `*`, so it is acceptable but every listed coding comes first.
 */
const UNLISTED_IDENTITY = 0.0005;
/** No Accept-Encoding: any coding would do, and the body as it is does. */
const NO_PREFERENCE: AcceptedCodings = { br: 0, gzip: 0, identity: 1 };
/** `x-gzip` is gzip (RFC 9110 8.4.1.3). */
const ALIASES: Record<string, string> = { 'x-gzip': 'gzip' };

/**
 * Accept-Encoding as RFC 9110 12.5.3 reads it: each listed coding at its q-value (1 unless given,
 * 0 excludes it), `*` for every coding not listed, identity acceptable unless excluded by
 * `identity;q=0` or by `*;q=0` without an entry of its own. A member with a malformed q-value is
 * ignored.
 */
export function acceptedCodings(header: string | null): AcceptedCodings {
  if (header === null) return NO_PREFERENCE;
  const listed = new Map<string, number>();
  for (const member of header.split(',')) {
    const [coding = '', ...params] = member.split(';').map((piece) => piece.trim());
    const name = coding.toLowerCase();
    if (name === '') continue;
    let q = 1;
    for (const param of params) {
      const [key, value = ''] = param.split('=').map((piece) => piece.trim());
      if (key?.toLowerCase() === 'q') q = QVALUE.test(value) ? Number(value) : Number.NaN;
    }
    const key = ALIASES[name] ?? name;
    if (!Number.isNaN(q)) listed.set(key, Math.max(q, listed.get(key) ?? 0));
  }
  const any = listed.get('*');
  const qOf = (coding: Coding) => listed.get(coding) ?? any;
  return {
    br: qOf('br') ?? 0,
    gzip: qOf('gzip') ?? 0,
    identity: qOf('identity') ?? UNLISTED_IDENTITY,
  };
}

/**
 * The coding to send among `offers` (the server's order of preference): the one the client gives
 * the highest q-value, ties to the earlier offer; null when it accepts none of them. The body as it
 * is (identity) is acceptable unless the client refused it, so null means a 406 (RFC 9110 12.5.3
 * asks for identity only when it was not refused, and 15.5.7 lets the server decline to send a
 * default instead).
 */
export function chooseCoding(accepted: AcceptedCodings, offers: readonly Coding[]): Coding | null {
  let chosen: Coding | null = null;
  let best = 0;
  for (const offer of offers) {
    const q = accepted[offer];
    if (q > best) {
      best = q;
      chosen = offer;
    }
  }
  return chosen;
}

/**
 * The coding to send from `offers`, groups of codings tried in turn (each in the server's order of
 * preference): the first group with a coding the client accepts gives the one it prefers; null
 * when no group has one (a 406).
 */
export function chooseOffered(
  accepted: AcceptedCodings,
  offers: readonly (readonly Coding[])[],
): Coding | null {
  for (const group of offers) {
    const coding = chooseCoding(accepted, group);
    if (coding !== null) return coding;
  }
  return null;
}

/** The detail of a 406: the request refused every coding the answer at `path` can be sent in. */
export const notAcceptableDetail = (path: string) =>
  `The Accept-Encoding of this request refuses ${path} as it is (identity) and accepts none of the codings it can be sent in.`;
