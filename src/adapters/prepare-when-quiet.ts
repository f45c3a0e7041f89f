/**
 * When a long-lived server prepares what its first MCP call would wait for (loading and compiling
 * code, Handler.prepare): once, the first time it has started no request for a moment after its
 * first one. Preparing takes a few slices of 10 to 20 ms of CPU; done at once, it would stand in
 * front of the requests that follow the first, so it waits for a lull (a long body still being
 * sent is no reason to wait). A server that never has a lull prepares nothing ahead, and its first
 * MCP call does the loading, as it would without this.
 */

/** How long no request may start before the server counts itself idle. */
export const QUIET_MS = 100;

export interface Clock {
  now(): number;
  /** Calls `then` after `ms`, without keeping the process alive for it. */
  after(ms: number, then: () => void): void;
}

const realClock: Clock = {
  now: () => performance.now(),
  after(ms, then) {
    const timer = setTimeout(then, ms) as { unref?: () => void };
    timer.unref?.();
  },
};

/** Returns what the server calls as each request starts; `prepare` runs once, in the first lull. */
export function prepareWhenQuiet(prepare: () => void, clock: Clock = realClock): () => void {
  let lastStart = 0;
  let stage: 'before-first-request' | 'waiting-for-a-lull' | 'prepared' = 'before-first-request';

  function checkLull(): void {
    const quietFor = clock.now() - lastStart;
    if (quietFor < QUIET_MS) {
      clock.after(QUIET_MS - quietFor, checkLull);
      return;
    }
    stage = 'prepared';
    prepare();
  }

  return () => {
    if (stage === 'prepared') return;
    lastStart = clock.now();
    if (stage === 'waiting-for-a-lull') return;
    stage = 'waiting-for-a-lull';
    clock.after(QUIET_MS, checkLull);
  };
}
