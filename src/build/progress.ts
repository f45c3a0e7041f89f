/**
 * How the build reports its progress: steps, each counting what it has done. The build calls it;
 * the command draws it on a terminal (src/build/command/terminal-progress.ts).
 */
export interface Progress {
  /** A new step, such as "read" or "render", counting `unit`s (none when '') up to `total` when it is known. */
  step(name: string, unit: string, total?: number): void;
  advance(count?: number): void;
  /** Clears the line, if one was drawn, before the build prints its own lines. */
  done(): void;
}

/** Reports nothing: for callers that do not watch progress. */
export const SILENT: Progress = { step() {}, advance() {}, done() {} };
