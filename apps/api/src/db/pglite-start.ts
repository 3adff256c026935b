import { mkdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { PGliteThread } from './pglite-thread';
import V8_FLAGS from './v8-flags.json';

/*
 * How the embedded database starts: light, so that the built server's first part (server-early.ts)
 * can start its thread before the rest of the portal's code is read.
 */

/*
 * The embedded database is one process serving one connection, for development, the demo and
 * the tests (a deployment names its PostgreSQL in DATABASE_URL). Its data dir says 128 MB of
 * shared buffers, and postgres clears them all as it starts: about 0.4 s of every start inside
 * the WebAssembly (issue 23). 16 MB holds the portal's working set many times over; a page
 * beyond it is read again from the data dir, which the operating system keeps in memory.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';
/** After PGlite's own start parameters. */
export const PGLITE_EXTRA_START_PARAMS = ['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/*
 * V8_FLAGS (v8-flags.json): PostgreSQL's start in WebAssembly runs much of its code once or a few
 * times, and V8's default tier-up budget (1.8 M) sends that code to its optimizing compiler, on
 * the other core the portal's start needs too: 1.37-1.57 s to ready with the default, 1.18 s with
 * a budget 100 times larger (--wasm-tiering-budget=180000000), on a 2-core machine (issue 23).
 * Code that stays hot is still optimized, later; PGlite's statements measured no slower (2,000 a
 * round, 0.7-0.8 s either way). The flags are the process's: set before the database's thread
 * compiles PostgreSQL. The built server sets them before anything else (src/code-cache.ts),
 * as V8 takes a code cache only under the flags it was made with.
 */

/**
 * Starts the embedded database in `dataDir` on its thread and returns at once (the server does
 * this before its other modules load, early-database.ts).
 */
export function startPgliteThread(dataDir: string): PGliteThread {
  for (const flag of V8_FLAGS) setFlagsFromString(flag);
  mkdirSync(dataDir, { recursive: true });
  return PGliteThread.start({ dataDir, extraStartParams: PGLITE_EXTRA_START_PARAMS });
}
