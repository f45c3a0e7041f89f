/** The build's manifest, bundled into the edge functions (src/build/bundle/run-bundle.ts resolves it). */
declare module 'folio:manifest' {
  const manifest: unknown;
  export default manifest;
}
