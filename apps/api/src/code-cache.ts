/*
 * The built server's start with V8's code cache (issue 23: start to ready). Node 20 keeps no
 * compiled code between runs (module.enableCompileCache came in Node 22), so each start parsed
 * and compiled the 4 MB server bundle again, then compiled its functions as the app was built:
 * most of a second of the main thread on a 2-core machine. Here the first start after a build
 * keeps V8's compiled code beside the bundle once the portal is ready, headed by the bundle's
 * digest; the next starts give it to V8 when the digest is the bundle's, and V8 takes it under
 * its own version and flags (otherwise the bundle is compiled as before, and the cache written
 * again). scripts/bundle.mjs builds this file to dist/code-cache.mjs, which dist/server.js runs;
 * it imports nothing of the portal's.
 */
import { isAscii } from 'node:buffer';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import vm from 'node:vm';

/** The digest a cache file starts with: the source's, as V8 itself checks only its length. */
const DIGEST_BYTES = 32;

const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

/**
 * V8's cached data for `digest`'s source, or undefined when there is none (or it cannot be read,
 * or was made for other code: a bundle edited in place, a half-finished build).
 */
function readCache(file: string, digest: Buffer): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  if (bytes.length <= DIGEST_BYTES || !bytes.subarray(0, DIGEST_BYTES).equals(digest))
    return undefined;
  return bytes.subarray(DIGEST_BYTES);
}

/**
 * Writes the cache whole or not at all: another process starting at once may write the same
 * file, and a reader never sees half of one. A folder that cannot be written (a read-only
 * deployment) keeps none, and the starts are as they were. Answers whether it was written.
 */
function writeCache(file: string, digest: Buffer, data: Buffer): boolean {
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    writeFileSync(partial, Buffer.concat([digest, data]));
    renameSync(partial, file);
    return true;
  } catch {
    rmSync(partial, { force: true });
    return false;
  }
}

/**
 * The Node version and the options V8 was started with, as a file name's part: V8 takes a cache
 * only from its own version under the same flags, so servers started differently from one
 * `dist` keep a cache each rather than writing over each other's at every start.
 */
function runtimeKey(): string {
  const runtime = [process.version, ...process.execArgv, process.env.NODE_OPTIONS ?? ''].join('\0');
  return createHash('sha256').update(runtime).digest('hex').slice(0, 8);
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
 * `cacheFile` when it was made for this very file (its digest heads the cache) and V8 accepts
 * it. An ASCII file (the bundle nearly always is: scripts/bundle.mjs, charset) is read as
 * Latin-1, V8's one-byte string, made at once; any other as UTF-8.
 */
export function runCached(bundleFile: string, cacheFile: string): CachedRun {
  const bytes = readFileSync(bundleFile);
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const digest = digestOf(bytes);
  const cachedData = readCache(cacheFile, digest);
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
    keep: () => !used && writeCache(cacheFile, digest, script.createCachedData()),
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
  const { exports, keep } = runCached(bundleFile, `${cacheFile}-${runtimeKey()}`);
  // A failed start has been reported, and the process is ending (server.ts).
  (exports.ready as Promise<void>).then(
    () => setImmediate(keep),
    () => {},
  );
}
