/*
 * The built server's start with V8's code cache (issue 23: start to ready). Node 20 keeps no
 * compiled code between runs (module.enableCompileCache came in Node 22), so each start parsed
 * and compiled the 4 MB server bundle again, then compiled its functions as the app was built:
 * most of a second of the main thread on a 2-core machine. Here the first start after a build
 * keeps V8's compiled code beside the bundle once the portal is ready; the next starts give it
 * to V8, which takes it only for the same source under the same V8 and flags (otherwise it
 * compiles as before, and the cache is written again). scripts/bundle.mjs builds this file to
 * dist/code-cache.mjs, which dist/server.js runs; it imports nothing of the portal's.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import vm from 'node:vm';

/** The cache file's bytes, or undefined when there is none (or it cannot be read). */
function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Writes the cache whole or not at all: another process starting at once may write the same
 * file, and a reader never sees half of one. A folder that cannot be written (a read-only
 * deployment) keeps none, and the starts are as they were. Answers whether it was written.
 */
function writeCache(file: string, data: Buffer): boolean {
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    writeFileSync(partial, data);
    renameSync(partial, file);
    return true;
  } catch {
    rmSync(partial, { force: true });
    return false;
  }
}

export interface CachedRun {
  /** What the file exported. */
  exports: Record<string, unknown>;
  /** Whether V8 took its compiled code from the cache. */
  used: boolean;
  /**
   * Writes the code compiled so far to the cache, unless it came from there: call it once the
   * work worth keeping has run (the start). Answers whether it wrote the cache.
   */
  keep: () => boolean;
}

/**
 * Runs the CommonJS file `bundleFile` as `require` would, its compiled code taken from
 * `cacheFile` when V8 accepts it. V8 checks the source's length, not its text: `cacheFile` must
 * be named for the file's content (scripts/bundle.mjs names it by the bundle's digest). The file
 * must be ASCII (the bundle is: scripts/bundle.mjs, charset), read as Latin-1: V8's one-byte
 * string, made at once.
 */
export function runCached(bundleFile: string, cacheFile: string): CachedRun {
  const source = readFileSync(bundleFile, 'latin1');
  const cachedData = readCache(cacheFile);
  const script = new vm.Script(Module.wrap(source), {
    filename: bundleFile,
    ...(cachedData ? { cachedData } : {}),
  });
  const used = cachedData !== undefined && !script.cachedDataRejected;
  const module = new Module(bundleFile);
  module.filename = bundleFile;
  const dirname = path.dirname(bundleFile);
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(
    module.exports,
    module.exports,
    createRequire(bundleFile),
    module,
    bundleFile,
    dirname,
  );
  module.loaded = true;
  return {
    exports: module.exports as Record<string, unknown>,
    used,
    keep: () => !used && writeCache(cacheFile, script.createCachedData()),
  };
}

/**
 * The built server's start (dist/server.js): `v8Flags`, the flags the portal sets as it runs
 * (src/db/v8-flags.json), set first, as V8 takes a cache only under the flags it was made with;
 * then `firstFile`, small, which starts what takes longest (the embedded database's thread:
 * server-early.ts); then the bundle, run with the code cache, which is kept once the portal is
 * ready (the bundle's `ready` export). With source maps on (`--enable-source-maps`), Node's own
 * require runs the bundle: it maps stack traces to the sources.
 */
export function startServer(
  firstFile: string,
  bundleFile: string,
  cacheFile: string,
  v8Flags: readonly string[],
): void {
  for (const flag of v8Flags) setFlagsFromString(flag);
  createRequire(firstFile)(firstFile);
  if (process.sourceMapsEnabled) {
    createRequire(bundleFile)(bundleFile);
    return;
  }
  const { exports, keep } = runCached(bundleFile, cacheFile);
  // A failed start has been reported, and the process is ending (server.ts).
  (exports.ready as Promise<void>).then(
    () => setImmediate(keep),
    () => {},
  );
}
