/// <reference types="bun-types" />
/**
 * Bun: Bun.serve, the client address from server.requestIP, asked for only when the handler needs
 * it (the rate-limited areas): it costs about a tenth of a bare answer.
 */
import { listenFailure } from './env.ts';
import type { FileStreaming } from './file-source.ts';
import { refuse, selfHosted, selfHostedSettings, servingLine } from './self-hosted.ts';

/** Each part of a large body streamed by Bun's own file reader, the parts one after another. */
const bunFileStreaming: FileStreaming = (root) => ({
  async stream(key) {
    const file = Bun.file(root + key);
    return (await file.exists()) ? file.stream() : null;
  },
});

const settings = selfHostedSettings(Bun.env);
const { port, host } = settings;
if (settings.workers > 1)
  await refuse('FOLIO_WORKERS is for the Node server; run one Bun process per port instead');
const { handler, manifest } = await selfHosted(settings, bunFileStreaming);

try {
  Bun.serve({
    port,
    hostname: host,
    fetch: (request, server) =>
      handler.fetch(request, {
        get clientAddress() {
          return server.requestIP(request)?.address;
        },
      }),
  });
} catch (error) {
  await refuse(listenFailure(error, port, host));
}
console.log(servingLine(manifest, settings));
