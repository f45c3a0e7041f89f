/**
 * A long-lived server prepares its MCP area once, in the first lull after its first request: not
 * while requests keep starting, and never again. The clock is injected.
 */
import { describe, expect, it } from 'vitest';
import { type Clock, prepareWhenQuiet, QUIET_MS } from '../src/adapters/prepare-when-quiet.ts';

/** A clock whose time moves only when told, running what falls due as it passes. */
function manualClock() {
  let time = 1_000;
  const due: { at: number; then: () => void }[] = [];
  const clock: Clock = {
    now: () => time,
    after: (ms, then) => {
      due.push({ at: time + ms, then });
    },
  };
  function advance(ms: number): void {
    const end = time + ms;
    for (;;) {
      due.sort((a, b) => a.at - b.at);
      const next = due[0];
      if (!next || next.at > end) break;
      due.shift();
      time = next.at;
      next.then();
    }
    time = end;
  }
  return { clock, advance };
}

function server() {
  const { clock, advance } = manualClock();
  let prepared = 0;
  const requestStarted = prepareWhenQuiet(() => {
    prepared++;
  }, clock);
  return { requestStarted, advance, prepared: () => prepared };
}

describe('preparing in the first lull', () => {
  it('does nothing before a first request, however long the server waits', () => {
    const { advance, prepared } = server();
    advance(60_000);
    expect(prepared()).toBe(0);
  });

  it('prepares once no request has started for the quiet time after the first', () => {
    const { requestStarted, advance, prepared } = server();
    requestStarted();
    advance(QUIET_MS - 1);
    expect(prepared()).toBe(0);
    advance(1);
    expect(prepared()).toBe(1);
  });

  it('waits while requests keep starting, then prepares in the first lull', () => {
    const { requestStarted, advance, prepared } = server();
    requestStarted();
    for (let i = 0; i < 50; i++) {
      advance(QUIET_MS / 2);
      requestStarted();
    }
    expect(prepared()).toBe(0);
    advance(QUIET_MS);
    expect(prepared()).toBe(1);
  });

  it('prepares only once, whatever lulls follow', () => {
    const { requestStarted, advance, prepared } = server();
    requestStarted();
    advance(QUIET_MS);
    for (let i = 0; i < 5; i++) {
      requestStarted();
      advance(10 * QUIET_MS);
    }
    expect(prepared()).toBe(1);
  });
});
