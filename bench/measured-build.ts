/**
 * The build command for the bench, followed by a last line of JSON saying what the build used:
 * its peak resident memory (every thread's) and its CPU time (user and system, every thread's).
 */
import { limitHeapGrowth } from '../src/build/command/heap-growth.ts';
import { runBuild } from '../src/build/command/run-build.ts';
import type { BuildUsage } from './scale.ts';

// As `npm run build` runs it.
limitHeapGrowth();
const code = await runBuild(process.argv.slice(2));
const { maxRSS, userCPUTime, systemCPUTime } = process.resourceUsage();
const usage: BuildUsage = { maxRssKiB: maxRSS, userMs: userCPUTime / 1000, systemMs: systemCPUTime / 1000 };
console.log(JSON.stringify(usage));
process.exitCode = code;
