// The Astro integration (`import folio from 'folio/astro'`): src/astro/index.ts, loaded through tsx
// as the package's entry (index.js) loads its sources; types/astro/ holds its declarations.
import { tsImport } from 'tsx/esm/api';

const { default: folio } = await tsImport('./src/astro/index.ts', import.meta.url);

export default folio;
