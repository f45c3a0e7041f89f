/**
 * The package's entry (index.js loads it): the build as a library, and the handler, to mount in
 * another fetch-based app over a deployment folder (deploymentHandler) or any body source
 * (createHandler).
 */
export { deploymentHandler } from './adapters/mount.ts';
export { BrokenLinks, buildContent, buildData, buildDeployment } from './build/index.ts';
export { createHandler, type Deployment, type Handler, type HandlerOptions } from './handler.ts';
