/**
 * A real redis-server without persistence on a loopback port, for the shared rate-limit store's
 * benchmark and tests. It must be installed (Debian: redis-server); starting fails otherwise.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { onCpu } from './cpus.ts';
import { freePort } from './free-port.ts';

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
 * Starts redis-server on `port` (a free one by default), on core `cpu` when given and possible, and
 * waits until it accepts connections.
 */
export async function startRedis(port?: number, cpu?: number): Promise<RunningRedis> {
  const listenPort = port ?? (await freePort());
  const args = ['--port', String(listenPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child = spawn(...onCpu(cpu, 'redis-server', args), { stdio: ['ignore', 'pipe', 'pipe'] });
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
