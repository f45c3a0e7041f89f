/**
 * The site's folder read once, into one description the later stages take: the content's Markdown
 * and YAML, what the content and public folders hold besides (media, public files, links that lead
 * out), where each file beside an entry is published, what the public folder's own settings say and
 * what an Astro site around the content states in its config and constants. The content folder's
 * path enters here only: each part is walked or read once.
 */
import type { AstroSiteHints } from '../content/astro-config.ts';
import type { ContentFiles } from '../content/files.ts';
import type { PublicSettings } from '../content/site.ts';
import type { Progress } from '../progress.ts';
import { readAstroSite } from './astro-site.ts';
import { type FileReader, readContentFolder } from './content-folder.ts';
import { type MediaUrls, mediaUrls } from './media-urls.ts';
import { readPublicSettings } from './public-settings.ts';
import { type SiteFiles, siteFiles } from './static-files.ts';

export interface SiteFolder {
  contentDir: string;
  /** The content's Markdown, MDX and YAML, by path in the content folder. */
  files: ContentFiles;
  /** What the content and public folders hold besides. */
  others: SiteFiles;
  /** Where each file beside an entry is published. */
  urls: MediaUrls;
  astro: AstroSiteHints | undefined;
  publicSettings: PublicSettings;
}

export async function readSiteFolder(
  contentDir: string,
  progress: Progress,
  readFile?: FileReader,
): Promise<SiteFolder> {
  const files = await readContentFolder(contentDir, progress, readFile);
  const others = siteFiles(contentDir);
  return {
    contentDir,
    files,
    others,
    urls: mediaUrls(contentDir, others.media),
    astro: readAstroSite(contentDir),
    publicSettings: readPublicSettings(others.publicFolder, others.publicPaths),
  };
}
