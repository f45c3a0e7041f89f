/** What stops the integration, one line each: it logs them through Astro's logger and fails the command. */
export class FolioAstroRefusal extends Error {
  readonly lines: readonly string[];
  constructor(lines: string | readonly string[]) {
    const all = typeof lines === 'string' ? [lines] : lines;
    super(all.join('\n'));
    this.lines = all;
  }
}
