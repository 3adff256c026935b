import type { TestProject } from 'vitest/node';
import { startPortal, type RunningPortal } from './server';
import { E2E_WORKERS } from './workers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One portal a worker: its address, and the file its server printed to (stdout and stderr). */
    portals: { baseUrl: string; serverLogFile: string }[];
  }
}

/**
 * One real server (and its own embedded database) for each worker: a worker's files run one
 * after another against its own portal, as all of them did against one, and the workers never
 * share a member's state.
 */
export default async function setup(project: TestProject) {
  const started = await Promise.allSettled(
    Array.from({ length: E2E_WORKERS }, () => startPortal()),
  );
  const portals = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = () => Promise.all(portals.map((portal: RunningPortal) => portal.stop()));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'portals',
    portals.map((portal) => ({ baseUrl: portal.baseUrl, serverLogFile: portal.logFile })),
  );
  return stopAll;
}
