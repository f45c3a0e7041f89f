/**
 * Bun: Bun.serve, the client address from server.requestIP, asked for only when the handler needs
 * it (the rate-limited areas): it costs about a tenth of a bare answer.
 */
import { after } from '../runtime/after.ts';
import { listenFailure } from './env.ts';
import type { FileStreaming } from './file-source.ts';
import { prepareWhenQuiet } from './prepare-when-quiet.ts';
import { refuse, selfHosted, selfHostedSettings, servingLine } from './self-hosted.ts';

/**
 * Each part of a large body streamed by Bun's own file reader, the parts one after another; a
 * body not yet in memory read at once. Bun.serve closes a connection, unanswered, when the next
 * request pipelined on it arrives while an answer is still being made (its HTTP layer refuses to
 * queue them): a GET that waited for a read in the background lost itself and the requests behind
 * it. A read at once makes every GET of a body under 1 MiB answered before the next request is
 * read; a body is read so once per deployment, then answered from memory.
 */
const bunFileStreaming: FileStreaming = (root) => ({
  readsAtOnce: true,
  async stream(key) {
    const file = Bun.file(root + key);
    return (await file.exists()) ? file.stream() : null;
  },
});

/**
 * Bun gives a body of bytes a Content-Length, and a HEAD without one `Content-Length: 0`. A
 * compressed answer, which the handler sends without a length, goes chunked as on Node: its body
 * as a stream, its HEAD saying it would be chunked.
 */
function chunkedWhenUnsized(request: Request, response: Response): Response {
  const { headers, status } = response;
  if (!headers.has('content-encoding') || headers.has('content-length')) return response;
  if (request.method !== 'HEAD')
    return new Response(response.body?.pipeThrough(new TransformStream()), { status, headers });
  const framed = new Headers(headers);
  framed.set('transfer-encoding', 'chunked');
  return new Response(null, { status, headers: framed });
}

const settings = selfHostedSettings(Bun.env);
const { port, host } = settings;
if (settings.workers > 1)
  await refuse('FOLIO_WORKERS is for the Node server; run one Bun process per port instead');
const { handler, manifest } = await selfHosted(settings, bunFileStreaming);
// A failure is not lost: it happens again, and is answered, on the request that needs the code.
const requestStarted = prepareWhenQuiet(() => handler.prepare().catch(() => undefined));

try {
  Bun.serve({
    port,
    hostname: host,
    fetch: (request, server) => {
      requestStarted();
      return after(
        handler.fetch(request, {
          get clientAddress() {
            return server.requestIP(request)?.address;
          },
        }),
        (response) => chunkedWhenUnsized(request, response),
      );
    },
  });
} catch (error) {
  await refuse(listenFailure(error, port, host));
}
console.log(servingLine(manifest, settings));
