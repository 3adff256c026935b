import { buildApp } from './app';
import { openAndPrepareDatabase } from './boot';
import { loadEnv } from './config/env';
import { transportsFromEnv } from './platform/transports';

const env = loadEnv();
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
  await database.close();
  process.exit(1);
}
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : env.PORT;
const url = env.PUBLIC_URL ?? `http://localhost:${port}`;
app.log.info({ url, database: database.kind }, 'portal ready');
console.log(`\n  Lounge portal is running at ${url}\n`);
