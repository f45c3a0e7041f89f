/**
 * What a platform's CDN does for the deployment's static bodies (/_folio/*): the file from the
 * deployment folder, or 404. Used in front of the edge runtimes that read their bodies from the site.
 */
import { readFileSync } from 'node:fs';

const PUBLISHED = new URL('../../dist/public', import.meta.url).pathname;

/** Answers a request for a static body and returns true, or returns false for the function. */
export function serveStatic(req, res) {
  const path = (req.url ?? '/').split('?')[0];
  if (!path.startsWith('/_folio/')) return false;
  try {
    const body = readFileSync(PUBLISHED + decodeURIComponent(path));
    res.writeHead(200, { 'content-length': body.length }).end(body);
  } catch {
    res.writeHead(404).end('Not Found');
  }
  return true;
}
