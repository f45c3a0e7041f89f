// Vercel Edge Function: the tested bundle; vercel.json rewrites every path to it.
export { default } from '../dist/vercel.js';

export const config = { runtime: 'edge' };
