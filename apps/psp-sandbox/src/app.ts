import { AjvCompiler } from '@fastify/ajv-compiler';
import Fastify, {
  type FastifyInstance,
  type FastifySchemaCompiler,
  type FastifyServerOptions,
} from 'fastify';
import { createContext, type SandboxContext } from './context';
import { ProviderError } from './errors';
import { registerErrorHandling, sendProviderError } from './http/errors';
import { registerLenientJson } from './http/json-body';
import { registerSecurityHeaders } from './http/security-headers';
import { generateEncryptionKey, type EncryptionKey } from './keys';
import { pageCsp } from './pages/html';
import { challengeNotFoundPage } from './pages/three-ds-page';
import { registerAssets } from './routes/assets';
import { cacheCvv } from './routes/cache-cvv';
import { clientApi } from './routes/client-api';
import { serverApi } from './routes/server-api';
import { threeDs } from './routes/three-ds';
import { registerWebhookStatus } from './routes/webhooks';
import { createMemoryStore, type SandboxStore } from './store';
import { createWebhookDispatcher } from './webhooks/dispatcher';
import type { WebhookOptions } from './webhooks/options';

export interface SandboxOptions {
  /** Where browsers and the portal reach the sandbox. A function may answer it after listen. */
  publicUrl: string | (() => string);
  apiKey: string;
  merchantId?: string;
  logger?: boolean;
  /** Tests move time instead of sleeping. */
  now?: () => number;
  store?: SandboxStore;
  /**
   * Made at the build when absent. A promise lets the sandbox build and listen while it is
   * still being made (the portal's start, issue 23): requests wait for it.
   */
  key?: EncryptionKey | Promise<EncryptionKey>;
  /** Keys the card fingerprints; derived from apiKey when absent. */
  fingerprintSecret?: string;
  /** Signed `payment.status` webhooks to the portal; absent: none are sent. */
  webhooks?: WebhookOptions;
  /**
   * Compiles the request schemas at the build, each checked against JSON Schema's own schema
   * (the tests do; a start does not, see ajvOptions and compiledOnFirstCall).
   */
  checkSchemas?: boolean;
  /** The server the sandbox answers on, when it is made and listening before the build (start.ts). */
  serverFactory?: FastifyServerOptions['serverFactory'];
}

export const DEFAULT_MERCHANT_ID = 'sandbox';
const SWEEP_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    sandbox: SandboxContext;
  }
}

/**
 * Requests are validated as they come: no coercion, nothing removed. The schemas themselves are
 * checked against JSON Schema's own schema only when asked (checkSchemas, as the tests do):
 * compiling that schema took 0.17 s of the portal's start, which runs the sandbox beside it
 * (issue 23).
 */
function ajvOptions(checkSchemas: boolean) {
  return { coerceTypes: false, removeAdditional: false, validateSchema: checkSchemas };
}

/**
 * Fastify's own Ajv compiler, made and run for a route's schema when the route is first called
 * rather than when the app is ready: compiling the six request schemas took about 0.1 s of the
 * portal's start (issue 23), and a portal may never take a card payment in its demo. The same
 * options, so the same answers; a schema's errors are the validator's, as Fastify reads them.
 */
function compiledOnFirstCall(): FastifySchemaCompiler<unknown> {
  let compile: FastifySchemaCompiler<unknown> | undefined;
  return (route) => {
    let validate: ReturnType<FastifySchemaCompiler<unknown>> | undefined;
    const lazy = (data: unknown) => {
      compile ??= AjvCompiler()(
        {},
        { customOptions: ajvOptions(false) },
      ) as unknown as FastifySchemaCompiler<unknown>;
      validate ??= compile(route);
      const result = validate(data);
      (lazy as { errors?: unknown }).errors = (validate as { errors?: unknown }).errors;
      return result;
    };
    return lazy;
  };
}

export async function buildSandbox(options: SandboxOptions): Promise<FastifyInstance> {
  if (!options.apiKey) throw new Error('psp-sandbox: apiKey is required');
  const app = Fastify({
    // Requests are logged by method and URL only; bodies carry card data and are never logged.
    logger: options.logger
      ? { level: 'info', redact: ['req.headers.authorization', 'req.body', 'body'] }
      : false,
    bodyLimit: 64 * 1024,
    ajv: { customOptions: ajvOptions(options.checkSchemas ?? false) },
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  });
  if (!options.checkSchemas) app.setValidatorCompiler(compiledOnFirstCall());
  const clock = options.now ?? Date.now;
  // Bad webhook options fail the build here rather than the first payment.
  const webhooks = createWebhookDispatcher(options.webhooks, {
    now: clock,
    warn: (detail) => app.log.warn(detail, 'webhook delivery gave up'),
  });
  const ctx = createContext({
    publicUrl: options.publicUrl,
    apiKey: options.apiKey,
    merchantId: options.merchantId ?? DEFAULT_MERCHANT_ID,
    key: options.key ?? (await generateEncryptionKey()),
    store: options.store ?? createMemoryStore(),
    now: clock,
    webhooks,
    ...(options.fingerprintSecret ? { fingerprintSecret: options.fingerprintSecret } : {}),
  });

  app.decorate('sandbox', ctx);
  // Nothing is sent after close: a test's receiver may be gone, and timers must not hold the
  // process open.
  app.addHook('onClose', (_instance, done) => {
    webhooks.close();
    done();
  });

  if (options.key instanceof Promise) app.addHook('onRequest', () => ctx.keyReady);

  let lastSweep = 0;
  app.addHook('onRequest', (_request, _reply, done) => {
    const now = ctx.now();
    if (now - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now;
      ctx.store.sweep(now);
    }
    done();
  });
  registerSecurityHeaders(app);
  registerLenientJson(app);
  registerErrorHandling(app);

  await app.register(clientApi, { prefix: '/client/v1', ctx });
  await app.register(serverApi, { prefix: '/v1/:merchantId', ctx });
  await app.register(threeDs, { prefix: '/3ds', ctx });
  await app.register(cacheCvv, { prefix: '/ingenico', ctx });
  registerAssets(app);
  registerWebhookStatus(app, ctx);
  app.get('/healthz', () => ({ status: 'ok' }));

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/3ds/')) {
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', pageCsp())
        .send(challengeNotFoundPage());
    }
    return sendProviderError(reply, ProviderError.of('notFound'));
  });

  return app;
}
