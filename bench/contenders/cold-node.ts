/**
 * The cold-start floor: bare node:http loading what Folio's Node server loads to answer its first
 * request to a post list (the deployment's manifest at start, the list's head file on the
 * request), and answering with those bytes.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import {
  BODIES_PREFIX,
  bodyKey,
  LIST_HEAD_SUFFIX,
  MANIFEST_KEY,
  type Manifest,
} from '../../src/core/deployment.ts';

const root = join(process.env.FOLIO_OUT || 'dist/public', BODIES_PREFIX);
const manifest = JSON.parse(await readFile(root + MANIFEST_KEY, 'utf8')) as Manifest;

createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0] as string;
  const notFound = () => res.writeHead(404, { 'content-length': '0' }).end();
  if (!manifest.lists[path]) return notFound();
  readFile(root + bodyKey(path) + LIST_HEAD_SUFFIX).then(
    (body) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body),
    notFound,
  );
}).listen(Number(process.env.PORT) || 8787, process.env.HOST || '127.0.0.1');
