/** A node:http server in the test's own process, on a free loopback port. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  url: string;
  close: () => Promise<void>;
}

/** Listens with `listener` (Folio's node listener, or one that shows a failure on demand). */
export async function listenOnLoopback(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<LoopbackServer> {
  const http: Server = createServer(listener);
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        http.closeAllConnections();
        http.close(() => done());
      }),
  };
}
