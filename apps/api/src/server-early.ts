/*
 * The built server's first part (scripts/bundle.mjs): the embedded database's thread is started
 * before the rest of the portal's code is read and compiled, a few hundred milliseconds of the
 * main thread (issue 23: start to ready). The modules here are this file's, shared with the rest
 * (the bundle requires them from it), so the thread it starts is the one the portal takes
 * (early-database.ts); server.ts's own call then changes nothing.
 */
import { startEarlyDatabase } from './db/early-database';

export * from './config/paths';
export * from './db/early-database';
export * from './db/pglite-start';
export * from './db/pglite-thread';

startEarlyDatabase(process.env);
