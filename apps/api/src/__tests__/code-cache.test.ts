import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCached, startServer } from '../code-cache';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const codeCacheModule = path.resolve(apiRoot, 'src/code-cache.ts');

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
    await rm(dir, { recursive: true, force: true });
  });

  /** A CommonJS file whose exports say what it was given and which build it is. */
  const writeBundle = (tag: string) =>
    writeFile(
      bundle,
      `"use strict";
const path = require('node:path');
function greet(name) { return 'hello ' + name + ' from ${tag}'; }
module.exports = { greet, dir: path.basename(__dirname), file: path.basename(__filename), self: module.exports === exports, strict: this === undefined || (function () { return this === undefined; })() };
`,
    );

  /**
   * runCached in a process of its own, as each start is (in one process, V8's own memory of a
   * compiled source would answer instead of the cache): what it found and whether it kept it.
   */
  async function runInProcess(): Promise<{ used: boolean; greeting: string; kept: boolean }> {
    const runner = path.join(dir, 'runner.ts');
    await writeFile(
      runner,
      `import { runCached } from ${JSON.stringify(codeCacheModule)};
const run = runCached(process.argv[2]!, process.argv[3]!);
const greet = run.exports.greet as (name: string) => string;
console.log(JSON.stringify({ used: run.used, greeting: greet('Ann'), kept: run.keep() }));
`,
    );
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', runner, bundle, cache],
      { cwd: apiRoot },
    );
    return JSON.parse(stdout) as { used: boolean; greeting: string; kept: boolean };
  }

  it('runs the file as require would', async () => {
    await writeBundle('one');
    const { exports } = runCached(bundle, cache);
    expect((exports.greet as (n: string) => string)('Ann')).toBe('hello Ann from one');
    expect(exports).toMatchObject({
      dir: path.basename(dir),
      file: 'bundle.cjs',
      self: true,
      strict: true,
    });
  });

  it('keeps its compiled code once, and the next process takes it', async () => {
    await writeBundle('one');
    expect(await runInProcess()).toEqual({
      used: false,
      greeting: 'hello Ann from one',
      kept: true,
    });
    const written = await stat(cache);
    expect(written.size).toBeGreaterThan(32);
    expect(await runInProcess()).toEqual({
      used: true,
      greeting: 'hello Ann from one',
      kept: false,
    });
    expect((await stat(cache)).mtimeMs).toBe(written.mtimeMs);
  });

  it('is not taken for other code of the same length (V8 checks the length only): that code is compiled, and the cache written again', async () => {
    await writeBundle('one');
    await runInProcess();
    await writeBundle('two');
    expect(await runInProcess()).toEqual({
      used: false,
      greeting: 'hello Ann from two',
      kept: true,
    });
    expect((await runInProcess()).used).toBe(true);
  });

  it('runs without a cache it cannot read or write, leaving no partial file', async () => {
    await writeBundle('one');
    await writeFile(cache, 'not a code cache, and longer than a digest of 32 bytes');
    const unreadable = runCached(bundle, cache);
    expect(unreadable.used).toBe(false);
    expect((unreadable.exports.greet as (n: string) => string)('Di')).toBe('hello Di from one');
    const nowhere = runCached(bundle, path.join(dir, 'no-such-folder', '.v8-cache'));
    expect(nowhere.keep()).toBe(false);
    expect((await readdir(dir)).filter((f) => f.includes('.v8-cache.'))).toEqual([]);
  });

  // With source maps on, the bundle is required as it is, and no cache is kept.
  it.skipIf(process.sourceMapsEnabled)(
    'keeps the cache once the started server says it is ready',
    async () => {
      const first = path.join(dir, 'first.cjs');
      await writeFile(
        first,
        'globalThis.__codeCacheFirst = (globalThis.__codeCacheFirst ?? 0) + 1;',
      );
      const shared = globalThis as { __codeCacheFirst?: number; __codeCacheReady?: Promise<void> };
      let ready!: () => void;
      shared.__codeCacheReady = new Promise<void>((resolve) => {
        ready = resolve;
      });
      await writeFile(bundle, 'module.exports = { ready: globalThis.__codeCacheReady };');
      const runsBefore = shared.__codeCacheFirst ?? 0;
      const caches = async () =>
        (await readdir(dir)).filter((f) => f.startsWith('.v8-cache-') && !f.includes('.', 1));
      startServer(first, bundle, cache, []);
      expect(shared.__codeCacheFirst).toBe(runsBefore + 1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(await caches()).toEqual([]);
      ready();
      // Kept on the turn after the ready promise settles, named for this Node and its options.
      await Promise.resolve();
      await new Promise((resolve) => setImmediate(resolve));
      expect(await caches()).toEqual([expect.stringMatching(/^\.v8-cache-[0-9a-f]{8}$/)]);
    },
  );
});
