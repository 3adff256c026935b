import type { TestProject } from 'vitest/node';
import { startPortal } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** What the server printed (stdout and stderr). */
    serverLogFile: string;
  }
}

export default async function setup(project: TestProject) {
  const portal = await startPortal();
  project.provide('baseUrl', portal.baseUrl);
  project.provide('serverLogFile', portal.logFile);
  return () => portal.stop();
}
