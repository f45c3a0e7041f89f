/**
 * How far V8 lets a heap grow past what its last full collection kept, for a process that builds.
 * Left to itself V8 picks a factor of up to 4 when collecting is cheap next to the work, so a build
 * that holds a large blog's text while it renders grows its heap to several hundred megabytes of
 * garbage before collecting it, and that garbage sits beside the threads that write the pages: at
 * 100,000 posts the peak was about 1.1 GiB, every thread's. A fixed 25 % makes V8 collect sooner,
 * in every thread the build starts after it is set (the flag is the process's); the same build
 * peaked at about 950 MiB, with no CPU time measurably spent on it (docs/decisions.md).
 */
import { setFlagsFromString } from 'node:v8';

/** Percent a heap may grow past its size after a full collection before the next one. */
export const HEAP_GROWING_PERCENT = 25;

/** Called by the commands that build, first: it changes the process, so no library function calls it. */
export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
