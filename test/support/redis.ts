/** The Node server with its quota in a Redis of its own, for the shared-quota tests. */
import { startRedis } from '../../bench/redis-server.ts';
import { type RunningServer, startNode } from './server.ts';

export { type RunningRedis, startRedis } from '../../bench/redis-server.ts';

/**
 * The Node server with FOLIO_WORKERS=2 and the quota in a Redis server of its own. Redis is given
 * seconds to answer (unless `env` says otherwise): on a loaded machine an answer can take longer than
 * the default timeout, and a worker would then count in memory, which is not what these tests ask.
 */
export async function startNodeWorkersWithRedis(env: Record<string, string> = {}): Promise<RunningServer> {
  const redis = await startRedis();
  const server = await startNode({
    FOLIO_WORKERS: '2',
    FOLIO_RATE_LIMIT_STORE: redis.url(),
    FOLIO_RATE_LIMIT_STORE_TIMEOUT: '5000',
    ...env,
  }).catch(async (error) => {
    await redis.stop();
    throw error;
  });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await redis.stop();
    },
  };
}
