/**
 * Node: node:http, the client address from the socket, each request answered as
 * ./node-listener.ts says. FOLIO_WORKERS=N runs N such servers behind one port, the primary
 * handing them the connections (./node-workers.ts); FOLIO_RATE_LIMIT_STORE shares their quota.
 */
import { createServer } from 'node:http';
import { announce } from './announce.ts';
import { listenFailure } from './env.ts';
import { nodeFileStreaming } from './node-files.ts';
import { nodeListener } from './node-listener.ts';
import { NodeResponse } from './node-response.ts';
import { superviseWorkers, takeConnections } from './node-workers.ts';
import { refuse, selfHosted, selfHostedSettings, servingLine } from './self-hosted.ts';
import { isWorker } from './worker-mark.ts';

const settings = selfHostedSettings(process.env);
if (settings.workers > 1 && !isWorker()) await superviseWorkers(settings);
else await serve();

async function serve() {
  const { port, host } = settings;
  const { handler, manifest } = await selfHosted(settings, nodeFileStreaming, {
    Response: NodeResponse as unknown as typeof Response,
  });
  const server = createServer(nodeListener(() => handler));
  if (isWorker()) return takeConnections(server);
  server.once('error', (error) => refuse(listenFailure(error, port, host)));
  server.listen(port, host, () => announce(servingLine(manifest, settings)));
}
