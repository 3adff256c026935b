/*
 * The server's entry. The embedded database opens on its thread from the first moment, and the
 * portal's modules load beside it (portal-server.ts); issue 23: start to ready.
 */
import { startEarlyDatabase } from './db/early-database';

startEarlyDatabase(process.env);
await import('./portal-server');
