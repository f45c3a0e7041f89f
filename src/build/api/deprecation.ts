import type { HeaderMap } from '../../core/api.ts';
import type { Deprecation } from '../data/types.ts';

/** Deprecation (RFC 9745), Sunset (RFC 8594) and Link headers for each deprecated operation. */
export function deprecationHeaders(deprecations: Deprecation[], baseUrl: string): Map<string, HeaderMap> {
  return new Map(
    deprecations.map((d) => [
      d.operationId,
      {
        deprecation: `@${Math.floor(Date.parse(d.since) / 1000)}`,
        sunset: new Date(d.sunset).toUTCString(),
        link: `<${d.link ?? `${baseUrl}/developers#versioning`}>; rel="deprecation"`,
      },
    ]),
  );
}
