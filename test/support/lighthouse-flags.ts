/**
 * Lighthouse's settings for one category over Folio's pages, which are static: short quiet periods
 * replace the default waits of a second each, on Lighthouse's default phone-sized screen.
 */
export const staticPageFlags = (category: string) => ({
  onlyCategories: [category],
  logLevel: 'error' as const,
  skipAboutBlank: true,
  disableFullPageScreenshot: true,
  pauseAfterFcpMs: 100,
  pauseAfterLoadMs: 100,
  networkQuietThresholdMs: 100,
  cpuQuietThresholdMs: 100,
});
