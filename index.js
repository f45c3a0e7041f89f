// Folio as a library, on Node: src/index.ts (the build, and the handler for a deployment folder or
// any source). Folio's TypeScript sources run as they are, through tsx, as its own commands run
// them; types/ holds their declarations, written when the package is packed.
import { tsImport } from 'tsx/esm/api';

const folio = await tsImport('./src/index.ts', import.meta.url);

export const { BrokenLinks, buildContent, buildData, buildDeployment, createHandler, deploymentHandler } =
  folio;
