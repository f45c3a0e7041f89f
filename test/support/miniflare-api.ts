/** Miniflare from the test runtimes' install, for the benchmark, which lives outside test/. */
export { Miniflare } from 'miniflare';
