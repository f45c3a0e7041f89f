/**
 * What a platform's CDN does for the deployment's static bodies (/_folio/*): the file from the
 * deployment folder (dist/public of the project in the working folder), or 404. Used in front of
 * the edge runtimes that read their bodies from the site.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const PUBLISHED = resolve('dist/public');

/** The file at the URL path `path` under the folder `root`, or null when there is none. */
export function staticFile(root, path) {
  try {
    return readFileSync(root + decodeURIComponent(path));
  } catch {
    return null;
  }
}

/** Answers a request for a static body and returns true, or returns false for the function. */
export function serveStatic(req, res) {
  const path = (req.url ?? '/').split('?')[0];
  if (!path.startsWith('/_folio/')) return false;
  const body = staticFile(PUBLISHED, path);
  if (body) res.writeHead(200, { 'content-length': body.length }).end(body);
  else res.writeHead(404).end('Not Found');
  return true;
}
