/**
 * Setup file of every test file: once the file's tests and hooks are done, no process group a test
 * started (test/support/process-groups.ts spawnGroup) may still be running. A suite that forgets to stop a
 * server, or stops a wrapper (npm, a shell) and not the server it started, fails here instead of
 * leaving the process behind.
 */
import { afterAll, expect } from 'vitest';
import { groupAlive, groupMembers, startedGroups } from './process-groups.ts';

/** How long a group that was just stopped may take to finish exiting. */
const EXIT_GRACE_MS = 5_000;

afterAll(async () => {
  const deadline = Date.now() + EXIT_GRACE_MS;
  let alive = [...startedGroups].filter(groupAlive);
  while (alive.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    alive = alive.filter(groupAlive);
  }
  const leftovers = alive.flatMap(groupMembers);
  for (const pgid of alive) process.kill(-pgid, 'SIGKILL');
  startedGroups.clear();
  expect(leftovers, 'processes the tests started and left running').toEqual([]);
});
