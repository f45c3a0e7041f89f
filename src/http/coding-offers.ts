/**
 * Which content codings a body is offered in, the server's side of Accept-Encoding (the client's is
 * src/http/negotiate.ts): by what the body is and whether this runtime compresses. The body cache
 * makes and keeps the variant chosen (src/runtime/body-cache.ts).
 */
import type { Coding } from '../core/deployment.ts';
import { type Body, type BodyCache, isStreamed, type StreamedBody } from '../runtime/body-cache.ts';

/** Bodies smaller than this are not worth compressing (unless the client refuses them as they are). */
const MIN_COMPRESSED = 1024;

/**
 * What decides the codings a cached body is offered in: a whole body, a derived one (a list
 * prefix), or one not worth compressing (a small body, a file whose type does not compress).
 */
export type BodyKind = 'whole' | 'derived' | 'small';

const WHOLE: readonly Coding[] = ['br', 'gzip', 'identity'];
const DERIVED: readonly Coding[] = ['gzip', 'identity'];
const BROTLI: readonly Coding[] = ['br'];
/**
 * What a runtime that does not compress can have sent: the body as it is, which its platform's CDN
 * (Cloudflare, Netlify, Vercel) compresses in br or gzip for a client that accepts one.
 */
const THROUGH_THE_PLATFORM: readonly Coding[] = ['br', 'gzip', 'identity'];

/** Groups of codings tried in turn, each in the server's order of preference. */
export type Offers = readonly (readonly Coding[])[];

/**
 * The codings a cached body is offered in: a whole body in any, br first; a derived one (a list
 * prefix) gzipped or as it is, since a client picks among hundreds of `limit`s and a brotli pass
 * costs several gzip passes, and brotli'd only for a client that accepts nothing else; one not
 * worth compressing as it is unless the client refuses that.
 */
export const OFFERS: Readonly<Record<BodyKind, Offers>> = {
  whole: [WHOLE],
  derived: [DERIVED, BROTLI],
  small: [['identity'], WHOLE],
};

const kindOf = (body: Body): BodyKind =>
  body.isDerived ? 'derived' : body.bytes.byteLength < MIN_COMPRESSED ? 'small' : 'whole';

/**
 * The codings `body` can be sent in. A runtime that does not compress sends bodies as they are,
 * for its platform to compress: any coding will do there. A streamed body goes in a variant the
 * build compressed, if any: compressing it here would cost its whole size per request. A body
 * whose type does not compress (`compressible` false) is offered as one not worth compressing.
 */
export function offersFor(bodies: BodyCache, body: Body | StreamedBody, compressible = true): Offers {
  if (!bodies.compresses) return [THROUGH_THE_PLATFORM];
  if (isStreamed(body)) return [streamedOffers(body)];
  return OFFERS[compressible ? kindOf(body) : 'small'];
}

/** The codings a streamed body was built in, br first, then as it is. */
function streamedOffers(body: StreamedBody): Coding[] {
  const offers = (['br', 'gzip'] as const).filter((coding) => body.encoded[coding] !== undefined);
  return [...offers, 'identity'];
}
