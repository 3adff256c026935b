import path from 'node:path';
import { defaultDataDir } from '../config/paths';
import { startPgliteThread } from './pglite-start';
import type { PGliteThread } from './pglite-thread';

/*
 * The embedded database is what takes longest to open (issue 23: start to ready), so the server
 * starts its thread first, from the process's variables as they are, before the configuration
 * and the portal's modules load (server.ts). The configuration, once read, takes it (boot.ts).
 */

let early: { dataDir: string; thread: PGliteThread } | undefined;

/** The embedded database's folder that `vars` name, or undefined when they name a PostgreSQL. */
function embeddedDataDir(vars: NodeJS.ProcessEnv): string | undefined {
  // As the configuration reads them (config/env.ts): an empty DATABASE_URL is none.
  if (vars.DATABASE_URL) return undefined;
  return path.join(vars.DATA_DIR ?? defaultDataDir, 'pglite');
}

/**
 * Starts the embedded database's thread when the process's variables ask for one. While a thread
 * started so is still to be taken, a call changes nothing: the built server's first part starts
 * it (server-early.ts), then server.ts asks again.
 */
export function startEarlyDatabase(vars: NodeJS.ProcessEnv): void {
  if (early) return;
  const dataDir = embeddedDataDir(vars);
  if (dataDir !== undefined) early = { dataDir, thread: startPgliteThread(dataDir) };
}

/**
 * The thread started early for `dataDir` (undefined when none was, or the configuration names
 * another database: that thread is closed).
 */
export function takeEarlyDatabase(dataDir: string | undefined): PGliteThread | undefined {
  const started = early;
  early = undefined;
  if (!started) return undefined;
  if (started.dataDir === dataDir) return started.thread;
  void started.thread.close();
  return undefined;
}
