/** The prerendered data of the content folder, written by `npm run build` (scripts/build.ts). */
import data from './generated/site-data.js';

export const siteData = data;
