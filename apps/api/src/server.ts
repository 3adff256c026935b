import { randomBytes } from 'node:crypto';
import { startSandbox, type RunningSandbox } from '@portal/psp-sandbox';
import { buildApp } from './app';
import { openAndPrepareDatabase } from './boot';
import { loadEnv, type Env } from './config/env';
import { transportsFromEnv } from './platform/transports';

/**
 * Without a payment provider configured, development runs the provider's stand-in beside the
 * portal (on a free port of this machine, with a fresh key), so cards can be added at once.
 */
async function withPaymentProvider(
  env: Env,
): Promise<{ env: Env; sandbox: RunningSandbox | undefined }> {
  if (env.PSP_URL !== undefined || env.NODE_ENV === 'production')
    return { env, sandbox: undefined };
  const apiKey = randomBytes(24).toString('base64url');
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', apiKey });
  return { env: { ...env, PSP_URL: sandbox.url, PSP_API_KEY: apiKey }, sandbox };
}

const { env, sandbox } = await withPaymentProvider(loadEnv());
const database = await openAndPrepareDatabase(env);
const app = await buildApp({
  env,
  database,
  transports: transportsFromEnv(env),
  outboxIntervalMs: 2000,
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await app.close();
    await sandbox?.close();
  } finally {
    await database.close();
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: env.PORT, host: env.HOST });
} catch (err) {
  app.log.error({ err }, 'could not start');
  await sandbox?.close();
  await database.close();
  process.exit(1);
}
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : env.PORT;
const url = env.PUBLIC_URL ?? `http://localhost:${port}`;
app.log.info({ url, database: database.kind }, 'portal ready');
console.log(`\n  Lounge portal is running at ${url}\n`);
if (sandbox)
  console.log(
    `  Payment provider sandbox (test cards: apps/psp-sandbox/README.md) at ${sandbox.url}\n`,
  );
if (env.NODE_ENV === 'production' && env.PSP_URL === undefined) {
  app.log.warn('PSP_URL is not set: payment cards cannot be added');
}
