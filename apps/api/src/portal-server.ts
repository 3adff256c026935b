import { randomBytes } from 'node:crypto';
import type { EncryptionKey } from '@portal/psp-sandbox/keys';
import type { ListeningSandbox } from '@portal/psp-sandbox';
import { loadEnv, type Env } from './config/env';
import { forgetPortalAddress, localAddress, recordPortalAddress } from './config/portal-address';
import type { PreparedDatabase } from './boot';
import { DEV_OUTBOX_PATH, devToolsOn } from './platform/dev-tools';

/*
 * The portal's server, loaded by server.ts once the embedded database's thread has started. The
 * start is done side by side, as it is mostly waiting: the database opens while the portal's
 * modules load and the app is built, and the sandbox's RSA key is made once it is ready.
 */
/**
 * Starts the portal: the configuration read, the database opened and migrated while the app is
 * built, then listening. Resolves once it is ready (or the process has exited on a failure).
 */
export async function startPortalServer(): Promise<void> {
  const baseEnv = loadEnv();

  /**
   * Without a payment provider configured, development runs the provider's stand-in beside the
   * portal (on a free port of this machine, with a fresh key), so cards can be added at once.
   */
  const runsSandbox = baseEnv.PSP_URL === undefined && baseEnv.NODE_ENV !== 'production';
  /*
   * The sandbox is a development stand-in: its code is loaded only when it runs. It listens at once
   * (the portal is built with its address), and is built, and its RSA key made, once the portal is
   * ready: work that would compete with the start for the cores (0.12 s and a third of a second).
   * Its requests wait for both.
   */
  let portalListening = () => {};
  const listening = new Promise<void>((resolve) => {
    portalListening = resolve;
  });
  const sandboxKey = runsSandbox
    ? listening
        .then(() => import('@portal/psp-sandbox/keys'))
        .then(({ generateEncryptionKey }) => generateEncryptionKey())
    : undefined;
  // Awaited by the sandbox's requests; a failure meanwhile is not an unhandled rejection.
  sandboxKey?.catch(() => {});

  const { openConfiguredDatabase, prepareDatabase } = await import('./boot');
  const database = await openConfiguredDatabase(baseEnv);
  const databaseReady = prepareDatabase(database, baseEnv);
  // Awaited once the app is built (below); a failure meanwhile is not an unhandled rejection.
  databaseReady.catch(() => {});
  const [{ buildApp }, { transportsFromEnv }] = await Promise.all([
    import('./app'),
    import('./platform/transports'),
  ]);

  async function withPaymentProvider(
    env: Env,
    key: Promise<EncryptionKey> | undefined,
  ): Promise<{ env: Env; sandbox: ListeningSandbox | undefined }> {
    if (!key) return { env, sandbox: undefined };
    const apiKey = randomBytes(24).toString('base64url');
    const { startSandboxWhen } = await import('@portal/psp-sandbox');
    // Not waited for: the sandbox listens at once, its requests wait for its build and the key.
    const sandbox = await startSandboxWhen(listening, { port: 0, host: '127.0.0.1', apiKey, key });
    // Logged once the app (and its logger) is built, below; meanwhile not an unhandled rejection.
    sandbox.built.catch(() => {});
    return { env: { ...env, PSP_URL: sandbox.url, PSP_API_KEY: apiKey }, sandbox };
  }

  const { env, sandbox } = await withPaymentProvider(baseEnv, sandboxKey);
  // The app is built while the database opens and migrates (it sends no statement until ready).
  const app = await buildApp({
    env,
    database,
    transports: transportsFromEnv(env),
    outboxIntervalMs: 2000,
    reconcileIntervalMs: 60_000,
    sweepIntervalMs: env.SLOT_SWEEP_SECONDS * 1000,
  });
  sandbox?.built.catch((err: unknown) =>
    app.log.error({ err }, 'the payment provider sandbox could not be built'),
  );

  /** How long after listen the demo data is topped up (boot.ts). */
  const DEMO_TOP_UP_DELAY_MS = 3000;
  let demoTopUp: NodeJS.Timeout | undefined;

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    clearTimeout(demoTopUp);
    app.log.info({ signal }, 'shutting down');
    try {
      forgetPortalAddress(env.DATA_DIR);
      await app.close();
      await sandbox?.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Node's fetch (undici) loads on the first use of `Response`, which @fastify/compress looks for
  // in every answer: 0.1 s of CPU, spent here while the database migrates, not in the first answer.
  void globalThis.Response;

  let prepared: PreparedDatabase;
  try {
    prepared = await databaseReady;
  } catch (err) {
    // prepareDatabase has closed it.
    app.log.error({ err }, 'could not open and migrate the database');
    await sandbox?.close();
    process.exit(1);
  }

  try {
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (err) {
    app.log.error({ err }, 'could not start');
    await sandbox?.close();
    await database.close();
    process.exit(1);
  }
  portalListening();
  // The demo data's top-up holds the embedded database while it runs: it waits for the first
  // answers (the browser's first page, a readiness check) rather than delaying them.
  const { later } = prepared;
  if (later) {
    demoTopUp = setTimeout(() => {
      later().catch((err: unknown) => app.log.error({ err }, 'could not top up the demo data'));
    }, DEMO_TOP_UP_DELAY_MS);
    demoTopUp.unref();
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  // For the CLI (npm run portal), which finds the portal by it on whatever port it took.
  recordPortalAddress(env.DATA_DIR, localAddress(env.HOST, port));
  const url = env.PUBLIC_URL ?? `http://localhost:${port}`;
  app.log.info({ url, database: database.kind }, 'portal ready');
  console.log(`\n  Lounge portal is running at ${url}\n`);
  if (sandbox)
    console.log(
      `  Payment provider sandbox (test cards: apps/psp-sandbox/README.md) at ${sandbox.url}\n`,
    );
  if (env.NODE_ENV !== 'production' || env.DEMO_DATA) {
    const { DEMO_MEMBER } = await import('./db/seed/demo-member');
    console.log(
      `  Demo member: ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password} (a NatWest membership); ` +
        `demo membership numbers to register with: ${new URL('/demo', url).href}\n`,
    );
  }
  if (devToolsOn(env)) {
    const outbox = new URL(DEV_OUTBOX_PATH, url).href;
    app.log.info({ outbox }, 'development outbox on');
    console.log(`  Emails and SMS sent (with their codes) are listed at ${outbox}\n`);
  } else if (env.NODE_ENV !== 'production') {
    console.log(
      `  The development outbox and keyless operator calls are off: HOST ${env.HOST} is not ` +
        'loopback (DEV_TOOLS=1 turns them on for every caller)\n',
    );
  }
  if (env.NODE_ENV === 'production' && env.PSP_URL === undefined) {
    app.log.warn('PSP_URL is not set: payment cards cannot be added');
  }
}
