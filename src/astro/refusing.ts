/**
 * How a hook fails: each line of a refusal through Astro's logger, then an error that stops the
 * command, which names the refusal's first line; anything else is Astro's to report.
 */
import type { AstroLogger } from './astro-types.ts';
import { FolioAstroRefusal } from './refusal.ts';

export async function refusing<T>(logger: AstroLogger, hook: () => T | Promise<T>): Promise<T> {
  try {
    return await hook();
  } catch (error) {
    if (!(error instanceof FolioAstroRefusal)) throw error;
    for (const line of error.lines) logger.error(line);
    const stopped = new Error(`Folio stopped: ${error.lines[0]}`);
    // The lines above say what and where; a stack into Folio's code would only bury them.
    stopped.stack = stopped.message;
    throw stopped;
  }
}
