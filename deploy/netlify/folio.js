// Netlify Edge Function: the tested bundle, on every path but the static bodies it reads.
export { default } from '../../dist/netlify.js';

export const config = { path: '/*', excludedPath: '/_folio/*' };
