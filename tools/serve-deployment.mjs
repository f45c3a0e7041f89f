/**
 * The deployment folder's files as a platform's CDN serves them: the file at the URL's path under
 * the folder, or 404. `vercel dev` runs this as the project's dev command (vercel.json), on the
 * port it gives in $PORT, and routes to it what Vercel serves from the static output (/_folio/),
 * while it runs the function itself; the tests' emulators of the platforms read their static
 * bodies with `deploymentFile`. Plain JavaScript, so `node` runs it as it is.
 *   node tools/serve-deployment.mjs    ($FOLIO_OUT, default dist/public; $PORT, default 8787)
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The file at the URL path `path` under the folder `root`, or null when there is none. */
export function deploymentFile(root, path) {
  let file;
  try {
    file = resolve(root, `.${decodeURIComponent(path)}`);
  } catch {
    return null; // not a valid percent-encoding
  }
  if (!file.startsWith(resolve(root) + sep)) return null;
  try {
    return readFileSync(file);
  } catch {
    return null; // no such file, or a folder
  }
}

function serve(root, port) {
  const server = createServer((req, res) => {
    const body = deploymentFile(root, (req.url ?? '/').split('?')[0]);
    if (body) res.writeHead(200, { 'content-length': body.length }).end(body);
    else res.writeHead(404).end('Not Found');
  });
  server.listen(port, '127.0.0.1', () => console.log(`${root} on http://127.0.0.1:${port}`));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href)
  serve(resolve(process.env.FOLIO_OUT || 'dist/public'), Number(process.env.PORT) || 8787);
