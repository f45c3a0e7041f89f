/** The prerendered data of the content folder, written by `npm run build` (scripts/build.ts). */
import packed from './generated/site-data.js';
import { unpackSiteData } from './pack.ts';

export const siteData = unpackSiteData(packed);
