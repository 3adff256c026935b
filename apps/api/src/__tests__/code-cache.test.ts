import { chmod, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCached, startServer } from '../code-cache';

/* The built server's start with V8's code cache (code-cache.ts). */
describe('a bundle run with its code cache', () => {
  let dir: string;
  let bundle: string;
  let cache: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-code-cache-'));
    bundle = path.join(dir, 'bundle.cjs');
    cache = path.join(dir, '.v8-cache');
  });

  afterEach(async () => {
    await chmod(dir, 0o755);
    await rm(dir, { recursive: true, force: true });
  });

  /** A CommonJS file that counts its runs on globalThis and exports what it was given. */
  const writeBundle = (tag: string) =>
    writeFile(
      bundle,
      `"use strict";
globalThis.__codeCacheRuns = (globalThis.__codeCacheRuns ?? 0) + 1;
const path = require('node:path');
function greet(name) { return 'hello ' + name + ' from ${tag}'; }
module.exports = { greet, dir: path.basename(__dirname), file: path.basename(__filename), self: module.exports === exports };
`,
    );

  it('runs the file as require would, then keeps its compiled code once, and takes it next time', async () => {
    await writeBundle('one');
    const first = runCached(bundle, cache);
    expect(first.used).toBe(false);
    expect((first.exports.greet as (n: string) => string)('Ann')).toBe('hello Ann from one');
    expect(first.exports).toMatchObject({
      dir: path.basename(dir),
      file: 'bundle.cjs',
      self: true,
    });
    expect(first.keep()).toBe(true);
    const written = await stat(cache);
    expect(written.size).toBeGreaterThan(0);

    const second = runCached(bundle, cache);
    expect(second.used).toBe(true);
    expect((second.exports.greet as (n: string) => string)('Bo')).toBe('hello Bo from one');
    // Taken from the cache: nothing to write.
    expect(second.keep()).toBe(false);
    expect((await stat(cache)).mtimeMs).toBe(written.mtimeMs);
  });

  it("is not taken for another file's code: that file is compiled and the cache written again", async () => {
    await writeBundle('one');
    runCached(bundle, cache).keep();
    await writeBundle('a longer build');
    const changed = runCached(bundle, cache);
    expect(changed.used).toBe(false);
    expect((changed.exports.greet as (n: string) => string)('Cy')).toBe(
      'hello Cy from a longer build',
    );
    expect(changed.keep()).toBe(true);
    expect(runCached(bundle, cache).used).toBe(true);
  });

  it('runs without a cache it cannot read or write (a read-only folder), leaving no partial file', async () => {
    await writeBundle('one');
    await writeFile(cache, 'not a code cache');
    const run = runCached(bundle, cache);
    expect(run.used).toBe(false);
    expect((run.exports.greet as (n: string) => string)('Di')).toBe('hello Di from one');
    await rm(cache);
    await chmod(dir, 0o555);
    // root writes anywhere: the folder's mode then proves nothing.
    const readOnly = process.getuid?.() !== 0;
    expect(run.keep()).toBe(!readOnly);
    expect((await readdir(dir)).filter((f) => f.includes('.v8-cache.'))).toEqual([]);
  });

  it('keeps the cache once the started server says it is ready', async () => {
    const first = path.join(dir, 'first.cjs');
    await writeFile(first, 'globalThis.__codeCacheFirst = (globalThis.__codeCacheFirst ?? 0) + 1;');
    let ready!: () => void;
    (globalThis as { __codeCacheReady?: Promise<void> }).__codeCacheReady = new Promise<void>(
      (resolve) => {
        ready = resolve;
      },
    );
    await writeFile(bundle, 'module.exports = { ready: globalThis.__codeCacheReady };');
    const runsBefore = (globalThis as { __codeCacheFirst?: number }).__codeCacheFirst ?? 0;
    startServer(first, bundle, cache, []);
    expect((globalThis as { __codeCacheFirst?: number }).__codeCacheFirst).toBe(runsBefore + 1);
    await new Promise((resolve) => setImmediate(resolve));
    await expect(stat(cache)).rejects.toThrow();
    ready();
    // Kept on the turn after the ready promise settles.
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect((await stat(cache)).size).toBeGreaterThan(0);
  });
});
