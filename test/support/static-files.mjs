/**
 * What a platform's CDN does for the deployment's static bodies (/_folio/*): the file from the
 * deployment folder ($FOLIO_OUT, else dist/public of the project in the working folder), or 404. Used in front of
 * the edge runtimes that read their bodies from the site.
 */
import { resolve } from 'node:path';
import { deploymentFile } from '../../tools/serve-deployment.mjs';

const PUBLISHED = resolve(process.env.FOLIO_OUT || 'dist/public');

/** Answers a request for a static body and returns true, or returns false for the function. */
export function serveStatic(req, res) {
  const path = (req.url ?? '/').split('?')[0];
  if (!path.startsWith('/_folio/')) return false;
  const body = deploymentFile(PUBLISHED, path);
  if (body) res.writeHead(200, { 'content-length': body.length }).end(body);
  else res.writeHead(404).end('Not Found');
  return true;
}
