/**
 * Where the benchmark's processes run. On Linux with two cores or more, each measured server is
 * pinned to core 0 and the load generator (with the Redis server, which stands for another machine)
 * to core 1, as the measurements in the issues were taken: left to the scheduler, they move about
 * and share cores, and identical runs of one server differ by about ±15%.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

export const SERVER_CPU = 0;
export const LOAD_CPU = 1;

let pinnable: boolean | undefined;

/** True where `taskset` can pin a process to one of two cores or more. */
export function canPin(): boolean {
  pinnable ??=
    process.platform === 'linux' &&
    availableParallelism() >= 2 &&
    spawnSync('taskset', ['-c', String(LOAD_CPU), 'true']).status === 0;
  return pinnable;
}

/** The command and arguments that run `command` on `cpu` (unpinned when `cpu` is undefined or pinning is not possible). */
export function onCpu(cpu: number | undefined, command: string, args: string[]): [string, string[]] {
  return cpu !== undefined && canPin() ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args];
}
