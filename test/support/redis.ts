/** A real redis-server on a free loopback port, for the shared-quota tests. */
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort, type RunningServer, startNode } from './server.ts';

export interface RunningRedis {
  port: number;
  /** The FOLIO_RATE_LIMIT_STORE value for database `db`. */
  url: (db?: number) => string;
  /** Freezes the server (SIGSTOP): connections stay open and nothing answers. */
  pause: () => void;
  resume: () => void;
  stop: () => Promise<void>;
}

/**
 * Starts redis-server without persistence on `port` (a free one by default) and waits until it
 * accepts connections. Throws when redis-server is not installed: these tests need the real server.
 */
export async function startRedis(port?: number): Promise<RunningRedis> {
  const listenPort = port ?? (await freePort());
  const args = ['--port', String(listenPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((ready, fail) => {
    let log = '';
    const timer = setTimeout(() => fail(new Error(`redis-server did not start:\n${log}`)), 10_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      fail(new Error(`redis-server could not be started (apt-get install redis-server): ${error.message}`));
    });
    child.once('exit', (code) => fail(new Error(`redis-server exited with ${code}:\n${log}`)));
    child.stdout?.on('data', (chunk) => {
      log += chunk;
      if (log.includes('Ready to accept connections')) {
        clearTimeout(timer);
        ready();
      }
    });
  });
  return {
    port: listenPort,
    url: (db = 0) => `redis://127.0.0.1:${listenPort}/${db}`,
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    stop: () => stopRedis(child),
  };
}

function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGKILL');
  });
}

/** The Node server with FOLIO_WORKERS=2 and the quota in a Redis server of its own. */
export async function startNodeWorkersWithRedis(env: Record<string, string> = {}): Promise<RunningServer> {
  const redis = await startRedis();
  const server = await startNode({ FOLIO_WORKERS: '2', FOLIO_RATE_LIMIT_STORE: redis.url(), ...env }).catch(
    async (error) => {
      await redis.stop();
      throw error;
    },
  );
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await redis.stop();
    },
  };
}
