/**
 * Child processes that lead a process group of their own, so that stopping one stops what it
 * started too, and test/support/no-leftover-processes.ts can tell whether any of them is left.
 */
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Spawns `command` as the leader of a process group of its own, so that stopping it stops what it
 * started too (`npm start` runs a shell that runs node), and records the group for
 * test/support/no-leftover-processes.ts.
 */
export function spawnGroup(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid) startedGroups.add(child.pid);
  return child;
}

/** The process groups spawnGroup started in this test file. */
export const startedGroups = new Set<number>();

/** Signals every process of the group `child` leads; false once the group is gone. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-(child.pid as number), signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops a server and every process it started: SIGTERM to its process group, then SIGKILL to what
 * is left of the group after 3 s (a wrapper such as npm can exit before the server it started does).
 */
export function stopProcess(child: ChildProcess): Promise<void> {
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((done) => child.once('exit', () => done()));
  if (!signalGroup(child, 'SIGTERM')) return exited;
  const kill = setTimeout(() => signalGroup(child, 'SIGKILL'), 3000);
  return exited.then(async () => {
    // The leader is gone; what it started may still be stopping.
    while (groupAlive(child.pid as number)) await new Promise((r) => setTimeout(r, 50));
    clearTimeout(kill);
  });
}

/** Whether any process of the group `pgid` is still running (zombies aside). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  return groupMembers(pgid).length > 0;
}

/** The live (not zombie) processes of the group `pgid`, from /proc. */
export function groupMembers(pgid: number): string[] {
  const members: string[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so split after the last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z')
      members.push(`${pid} ${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))}`);
  }
  return members;
}
