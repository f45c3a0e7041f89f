/**
 * The build's progress on a terminal: once a build has run for a few seconds, one line, redrawn
 * in place at most a few times a second, says which step it is in, how far along, how fast and
 * (when the step knows its total) how long is left. Anything that is not a terminal gets nothing,
 * so logs stay quiet and line-based.
 */
import { type Progress, SILENT } from '../progress.ts';

/** Where progress goes: standard error, or a stand-in in the tests. */
export interface ProgressStream {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

export interface ProgressTiming {
  /** Nothing is drawn before the build has run this long. */
  afterMs: number;
  /** The least time between two redraws. */
  everyMs: number;
  now: () => number;
}

const DEFAULT_TIMING: ProgressTiming = { afterMs: 3000, everyMs: 200, now: () => performance.now() };

const CLEAR_LINE = '\r\x1b[K';

export function progressReporter(stream: ProgressStream, timing: ProgressTiming = DEFAULT_TIMING): Progress {
  if (!stream.isTTY) return SILENT;
  const started = timing.now();
  let current: StepState = { name: '', unit: '', total: undefined, count: 0, since: started };
  let drawnAt: number | undefined;

  function draw(force: boolean) {
    const now = timing.now();
    if (now - started < timing.afterMs) return;
    if (!force && drawnAt !== undefined && now - drawnAt < timing.everyMs) return;
    drawnAt = now;
    stream.write(`${CLEAR_LINE}folio: ${describe(current, now)}`);
  }

  return {
    step(name, unit, total) {
      current = { name, unit, total, count: 0, since: timing.now() };
      draw(true);
    },
    advance(count = 1) {
      current.count += count;
      draw(false);
    },
    done() {
      if (drawnAt !== undefined) stream.write(CLEAR_LINE);
      drawnAt = undefined;
    },
  };
}

interface StepState {
  name: string;
  unit: string;
  total: number | undefined;
  count: number;
  since: number;
}

/** "render 400/1000 posts (250/s, about 3 s left)" */
function describe({ name, unit, total, count, since }: StepState, now: number): string {
  if (unit === '') return name;
  const seconds = (now - since) / 1000;
  const rate = seconds > 0 ? count / seconds : 0;
  const done = total === undefined ? `${count} ${unit}` : `${count}/${total} ${unit}`;
  if (rate === 0) return `${name} ${done}`;
  const left = total === undefined ? '' : `, about ${Math.ceil((total - count) / rate)} s left`;
  return `${name} ${done} (${Math.round(rate)}/s${left})`;
}
