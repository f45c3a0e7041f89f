/**
 * How far V8 lets a heap grow past what its last full collection kept, for a process that builds.
 * Left to itself V8 picks a factor of up to 4 when collecting is cheap next to the work, so the
 * text a large blog's build lets go after rendering stays in the heap as garbage while the threads
 * that write the pages start, and the build's peak is the sum of both. A fixed 25 % makes V8
 * collect sooner, in this thread and every thread started after it is set (the flag is the
 * process's). docs/decisions.md has the measurements.
 */
import { setFlagsFromString } from 'node:v8';

/** Percent a heap may grow past its size after a full collection before the next one. */
const HEAP_GROWING_PERCENT = 25;

/** Called by the commands that build, first: it changes the process, so no library function calls it. */
export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
