// The one Vercel Function: vercel.json rewrites every path but the static bodies (/_folio/) here.
// It exports one handler per HTTP method, the form both of Vercel's runtimes call with a Request.
// The runtime is chosen below: 'edge' (the Edge runtime), or 'nodejs' (Vercel's Node.js runtime on
// Fluid compute, the one Vercel recommends); the bundle runs unchanged on both.
import folio from '../dist/vercel.js';

export const config = { runtime: 'edge' };

export const GET = folio;
export const HEAD = folio;
export const OPTIONS = folio;
export const POST = folio;
export const PUT = folio;
export const DELETE = folio;
export const PATCH = folio;
