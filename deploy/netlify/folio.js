// Netlify Edge Function: the tested bundle, declared on every path.
export { default } from '../../dist/netlify.js';

export const config = { path: '/*' };
