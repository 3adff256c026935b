import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/api/test/free-port';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// One port picker for every server a test or bench starts (apps/api/test/free-port.ts).
export { freePort };

async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the portal did not answer at ${baseUrl} within ${timeoutMs} ms`);
}

/**
 * The environment the e2e portals (and the bench's) run with: a test server on 127.0.0.1 with
 * its own DATA_DIR and the embedded database.
 */
export function portalEnv(
  port: number,
  dataDir: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    // Links the portal sends (email validation, the 3-D Secure return) come back to this origin.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // Browser contexts name their client in X-Forwarded-For, so per-client locks of one
    // test do not reach the next.
    TRUST_PROXY: 'loopback',
    // Most journeys log in from this one machine's address.
    IP_LIMIT_FACTOR: '20',
    ...extra,
  };
}

/**
 * The real server as `npm start` runs it (the bundle `npm run build` writes to apps/api/dist),
 * its output to `logFd`.
 */
export function spawnServer(
  port: number,
  dataDir: string,
  logFd: number,
  extra: Record<string, string> = {},
): ChildProcess {
  return spawn(process.execPath, [path.join(repoRoot, 'apps/api/dist/server.js')], {
    cwd: path.join(repoRoot, 'apps/api'),
    env: portalEnv(port, dataDir, extra),
    stdio: ['ignore', logFd, logFd],
  });
}

export interface RunningPortal {
  baseUrl: string;
  dataDir: string;
  logFile: string;
  stop(): Promise<void>;
}

/** Starts the real server (built SPA + API) on a free port with an empty temporary DATA_DIR. */
export async function startPortal(
  options: { env?: Record<string, string> } = {},
): Promise<RunningPortal> {
  for (const built of ['apps/web/dist/index.html', 'apps/api/dist/server.js'])
    await fs.access(path.join(repoRoot, built)).catch(() => {
      throw new Error(`${built} is missing: run \`npm run build\` first (npm run test:e2e does).`);
    });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logPath = path.join(dataDir, 'server.log');
  const logFile = await fs.open(logPath, 'w');
  const child = spawnServer(port, dataDir, logFile.fd, options.env);
  try {
    await waitForHealth(baseUrl, child, 120_000);
  } catch (err) {
    child.kill('SIGKILL');
    const log = await fs.readFile(logPath, 'utf8').catch(() => '');
    throw new Error(`${(err as Error).message}\n${log.slice(-4000)}`);
  }
  return {
    baseUrl,
    dataDir,
    logFile: logPath,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await logFile.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
