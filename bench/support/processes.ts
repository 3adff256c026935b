import type { ChildProcess } from 'node:child_process';
import { freePort, portalEnv, repoRoot, spawnServer } from '../../e2e/support/server';

// The same server, environment and ports as the e2e portals.
export { freePort, portalEnv, repoRoot, spawnServer };

/** Polls `/healthz` every `intervalMs` until it answers 200; throws if the child exits first. */
export async function waitForHealthy(
  baseUrl: string,
  child: ChildProcess,
  timeoutMs: number,
  intervalMs = 20,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the server exited (${child.exitCode ?? child.signalCode}) before it was ready`,
      );
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${baseUrl}/healthz did not answer 200 within ${timeoutMs} ms`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * SIGTERM, then SIGKILL after `graceMs`. With `group`, the signals go to the child's process
 * group (it must have been spawned `detached`), so what it started ends with it.
 */
export async function stopProcess(child: ChildProcess, group = false, graceMs = 10_000) {
  const signal = (name: NodeJS.Signals) => {
    try {
      if (group && child.pid !== undefined) process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      // already gone
    }
  };
  if (child.exitCode === null && child.signalCode === null) {
    signal('SIGTERM');
    const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), graceMs).unref());
    if ((await Promise.race([exited(child), timer])) === 'timeout') {
      signal('SIGKILL');
      await exited(child);
    }
  }
  // What the group's leader started may outlive it by a moment.
  if (group) signal('SIGKILL');
}
