// An Astro integration the tests put before Folio's: it copies what Astro wrote into
// `<root>/astro-wrote/` before Folio builds beside it, so a test compares what is served with it.
import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export default function captured() {
  let root;
  return {
    name: 'captured',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = config.root;
      },
      'astro:build:done': ({ dir }) => {
        cpSync(fileURLToPath(dir), fileURLToPath(new URL('astro-wrote/', root)), { recursive: true });
      },
    },
  };
}
