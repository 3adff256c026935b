import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { API_PREFIX } from '@portal/contract';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './config/env';
import type { Database } from './db/client';
import { registerArtRoute } from './modules/assets/art-route';
import { accountModule } from './modules/account/index';
import { basicModule } from './modules/basic/index';
import { bookingsModule } from './modules/bookings/index';
import { helpModule } from './modules/help/index';
import { firstScreenPage } from './modules/home/first-screen';
import { homeModule } from './modules/home/index';
import { loginModule } from './modules/login/index';
import { registerDevOutbox } from './modules/dev/outbox-route';
import { prebookingModule } from './modules/prebooking/index';
import { membershipModule } from './modules/membership/index';
import { offersModule } from './modules/offers/index';
import { opsModule } from './modules/ops/index';
import { passwordModule } from './modules/password/index';
import { paymentModule } from './modules/payment/index';
import { productsModule } from './modules/products/index';
import { registrationModule } from './modules/registration/index';
import { userModule } from './modules/user/index';
import { apiDocumentOptions } from './openapi/document';
import { API_DOCUMENT, registerReferencePage } from './openapi/reference-page';
import { systemClock, type Clock } from './platform/clock';
import { devToolsOn } from './platform/dev-tools';
import { fastReads, requestIdOf } from './platform/fast-reads';
import type { Transports } from './platform/outbox';
import { paymentProviderPlugin } from './platform/payment-provider-plugin';
import { authPlugin } from './plugins/auth';
import { errorsPlugin, failure } from './plugins/errors';
import { checkoutPlugin } from './plugins/checkout';
import { outboxWorkerPlugin } from './plugins/outbox-worker';
import { platformPlugin } from './plugins/platform';
import { refuseBadTextPlugin } from './plugins/refuse-bad-text';
import { requestLog } from './plugins/request-log';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  helmetOptions,
  securityHeaders,
} from './plugins/security-headers';

export interface AppOptions {
  env: Env;
  database: Database;
  clock?: Clock;
  transports?: Transports;
  /** Outbox poll interval; 0 (tests) runs no timer. */
  outboxIntervalMs?: number;
  /** The checkout reconciler's interval; 0 (tests) runs no timer. */
  reconcileIntervalMs?: number;
  /** The slot-hold sweeper's interval; 0 (tests) runs no timer. */
  sweepIntervalMs?: number;
  logger?: FastifyServerOptions['logger'];
}

function isApiPath(url: string): boolean {
  return (
    url.startsWith(`${API_PREFIX}/`) ||
    url.startsWith('/ops-api/') ||
    url.startsWith('/psp-webhooks/') ||
    url.startsWith('/assets-api/') ||
    url.startsWith('/api-docs/') ||
    url.startsWith('/__dev/')
  );
}

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
/** Fastify types the factories for Ajv's JSON schemas; the zod compilers take the same routes. */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** The whole portal as a Fastify app that never listens: the server and the tests build it alike. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  // The security headers have no per-request part: computed once, sent on every answer, and on
  // those written before Fastify's hooks run (unparsable requests, bad URLs) too.
  const headers = securityHeaders(helmetOptions(env));
  // The cached reads answered again without Fastify; not when each answer is to be logged.
  const fast = env.LOG_CACHED_READS
    ? undefined
    : fastReads(headers, (authorization): string | undefined => app.keptMemberOf(authorization));
  const app: FastifyInstance = Fastify({
    ...(fast ? { serverFactory: fast.serverFactory } : {}),
    logger: options.logger ?? {
      level: env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers["x-ops-key"]', 'req.headers.cookie'],
    },
    genReqId: requestIdOf,
    requestIdHeader: false,
    // One line per answer instead (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 256 * 1024,
    trustProxy: env.TRUST_PROXY,
    clientErrorHandler: clientErrorHandler(headers),
    frameworkErrors: frameworkErrorHandler(headers),
    // The contract's zod schemas validate and serialize every route. Given here rather than set
    // after the build, Fastify never loads its own Ajv and fast-json-stringify compilers, which
    // it would make only to have them replaced: about 0.1 s of the start (issue 23).
    schemaController: { compilersFactory: ZOD_COMPILERS },
  });
  app.decorate('fastReads', fast);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers).header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', requestLog(env));

  // An empty body with a JSON content type is an empty payload, not a fault.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    void jsonParser(request, text, done);
  });

  await app.register(errorsPlugin);
  await app.register(refuseBadTextPlugin);
  await app.register(compress, { threshold: 1024 });
  // The API document is for developers: off in production unless API_DOCS=1.
  const apiDocs = env.NODE_ENV !== 'production' || env.API_DOCS;
  if (apiDocs) {
    await app.register(swagger, apiDocumentOptions(env));
  }

  await app.register(platformPlugin, {
    env,
    database: options.database,
    clock: options.clock ?? systemClock,
  });
  await app.register(authPlugin);
  await app.register(paymentProviderPlugin);
  await app.register(checkoutPlugin, { reconcileIntervalMs: options.reconcileIntervalMs ?? 0 });
  await app.register(outboxWorkerPlugin, {
    transports: options.transports ?? {},
    intervalMs: options.outboxIntervalMs ?? 0,
  });

  await app.register(basicModule);
  await app.register(productsModule);
  await app.register(homeModule);
  await app.register(helpModule);
  await app.register(userModule);
  await app.register(loginModule);
  await app.register(passwordModule);
  await app.register(registrationModule);
  await app.register(accountModule);
  await app.register(bookingsModule);
  await app.register(paymentModule);
  await app.register(membershipModule);
  await app.register(prebookingModule, { sweepIntervalMs: options.sweepIntervalMs ?? 0 });
  await app.register(offersModule, { sweepIntervalMs: options.sweepIntervalMs ?? 0 });
  await app.register(opsModule);
  registerArtRoute(app);
  if (devToolsOn(env)) registerDevOutbox(app);

  if (apiDocs) {
    app.get(API_DOCUMENT, { schema: { hide: true } }, () => app.swagger());
    registerReferencePage(app);
  }
  app.get('/healthz', { schema: { hide: true } }, async () => {
    await app.database.db.execute('select 1');
    return { status: 'ok' };
  });

  const spaIndex = path.join(env.WEB_DIST, 'index.html');
  const serveSpa = fs.existsSync(spaIndex);
  if (serveSpa) {
    // The build's hashed assets, under one route (a file not there goes to the not-found handler
    // below): a pair of routes per file, as for the few files beside them, took 0.3 s of the
    // start. Cache headers are set here, not by `send`, whose own header would replace them:
    // assets are kept a year; the other files (the page, the service worker, the manifest, the
    // icon) keep their names, so the browser asks again each time.
    await app.register(fastifyStatic, {
      root: env.WEB_DIST,
      wildcard: false,
      globIgnore: ['assets/**'],
      index: false,
      cacheControl: false,
      setHeaders: (res) => {
        res.setHeader('cache-control', 'no-cache');
      },
    });
    await app.register(fastifyStatic, {
      root: path.join(env.WEB_DIST, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      dotfiles: 'ignore',
      index: false,
      decorateReply: false,
      cacheControl: false,
      setHeaders: (res) => {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url)) return reply.status(404).send(failure('unknownCall'));
    if (serveSpa && (request.method === 'GET' || request.method === 'HEAD')) {
      // History fallback: the SPA routes every other path, and shows its own error dialog. The
      // page is read each time (a new build gives it new asset names), with the channel's
      // configuration in it.
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (request.method === 'HEAD') return reply.send();
      const page = await fs.promises.readFile(spaIndex, 'utf8');
      return reply.send(await firstScreenPage(app, page, request));
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
  });

  return app;
}
