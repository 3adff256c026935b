import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Measure } from '../budgets';
import { freePort, repoRoot, spawnServer, stopProcess, waitForHealthy } from '../support/processes';

const STARTS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Spawns the server as startPortal() does and times it from spawn to /healthz answering 200. */
async function timedStart(dataDir: string, logFd: number, timeoutMs: number): Promise<number> {
  const port = await freePort();
  const start = performance.now();
  const child = spawnServer(port, dataDir, logFd);
  try {
    await waitForHealthy(`http://127.0.0.1:${port}`, child, timeoutMs);
    return performance.now() - start;
  } finally {
    await stopProcess(child);
  }
}

/**
 * `npm start` as a person runs it at the root (the web build, then the server), on the same
 * existing database, until /healthz answers. npm's own variables of this run are left out, as
 * they would not be in a fresh shell.
 */
async function timedNpmStart(dataDir: string, logFd: number): Promise<number> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== 'NODE_ENV'),
  );
  Object.assign(env, {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  });
  const start = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', logFd, logFd],
    detached: true,
  });
  try {
    await waitForHealthy(`http://127.0.0.1:${port}`, child, 120_000);
    return performance.now() - start;
  } finally {
    await stopProcess(child, true);
  }
}

const apiDist = path.join(repoRoot, 'apps/api/dist');

/** The code caches the built server keeps beside its bundle (src/code-cache.ts). */
const codeCaches = async () =>
  (await fs.readdir(apiDist)).filter((name) => /^\.v8-cache-[0-9a-f]+$/.test(name));

async function removeCodeCaches(): Promise<void> {
  for (const name of await codeCaches()) await fs.rm(path.join(apiDist, name));
}

/**
 * Waits until `done()` answers true (the cache is written just after ready), or throws. (The api
 * tests' `until` is typed by their own setup, which the bench's project does not have.)
 */
async function settled(done: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Issue 23: the start on an existing database. A first start creates and seeds a fresh DATA_DIR
 * (and keeps the bundle's code cache); then the server is started on it again STARTS times
 * (median reported), STARTS times more without the code cache, and once more through `npm start`,
 * web build included, for the README.
 */
export async function benchStartup(): Promise<Measure[]> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-start-'));
  const logPath = path.join(dataDir, 'server.log');
  const log = await fs.open(logPath, 'w');
  try {
    const first = await timedStart(dataDir, log.fd, 180_000);
    // The first start after the build kept the bundle's compiled code (src/code-cache.ts).
    await settled(() => codeCaches().then((files) => files.length === 1), 5000).catch(() => {
      throw new Error('the built server kept no code cache beside its bundle (apps/api/dist)');
    });
    const times: number[] = [];
    for (let i = 0; i < STARTS; i++) times.push(await timedStart(dataDir, log.fd, 60_000));
    // The same starts, each compiling the bundle afresh (and keeping its cache again).
    const uncached: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      await removeCodeCaches();
      uncached.push(await timedStart(dataDir, log.fd, 60_000));
    }
    const npmStart = await timedNpmStart(dataDir, log.fd);
    return [
      {
        name: 'server start to ready (existing database)',
        value: median(times),
        note: `median of ${times.map((t) => t.toFixed(0)).join(', ')} ms`,
      },
      {
        name: 'server start to ready without its code cache (existing database)',
        value: median(uncached),
        unit: 'ms',
        note: `median of ${uncached.map((t) => t.toFixed(0)).join(', ')} ms`,
      },
      {
        name: 'server first start (creates and seeds the database)',
        value: first,
        unit: 'ms',
      },
      {
        name: '`npm start` to ready (web build + server, existing database)',
        value: npmStart,
        unit: 'ms',
      },
    ];
  } catch (err) {
    const text = await fs.readFile(logPath, 'utf8').catch(() => '');
    throw new Error(`${(err as Error).message}\n${text.slice(-3000)}`);
  } finally {
    await log.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
