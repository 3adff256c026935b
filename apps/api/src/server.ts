/*
 * The server's entry. The embedded database opens on its thread from the first moment, and the
 * portal's modules load beside it (portal-server.ts); issue 23: start to ready.
 */
import { startEarlyDatabase } from './db/early-database';

startEarlyDatabase(process.env);

/**
 * Settles once the portal is listening. The built server's loader (scripts/bundle.mjs) keeps the
 * compiled code for the next start then.
 */
export const ready: Promise<void> = import('./portal-server').then((portal) =>
  portal.startPortalServer(),
);
ready.catch((err: unknown) => {
  console.error('the portal could not start', err);
  process.exit(1);
});
