/** The fixture blogs written for the tests: where they are, and the build time they are built at. */
import { resolve } from 'node:path';
import { ROOT } from './server.ts';

export const FIXTURES = resolve(ROOT, 'test/fixtures');
/** A fixed build time, so fixtures with future dates stay unpublished whatever today is. */
export const BUILD_TIME = new Date('2026-01-01T00:00:00Z');
/**
 * The blog the suites' servers serve, which test/global-setup.ts builds at BUILD_TIME and the
 * in-process suites load with servedData(): written for the tests, so they know its posts.
 */
export const SERVED_FIXTURE = 'complete';
