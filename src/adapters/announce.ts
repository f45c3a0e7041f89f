/**
 * The line a Node server prints once it listens, written straight to standard output: making
 * `process.stdout` (as console.log does) is a noticeable part of a cold start, for one line.
 */
import { writeSync } from 'node:fs';

const STDOUT = 1;

export function announce(line: string) {
  try {
    writeSync(STDOUT, `${line}\n`);
  } catch {
    // A non-blocking pipe that is full (EAGAIN): the stream waits where one write cannot.
    console.log(line);
  }
}
