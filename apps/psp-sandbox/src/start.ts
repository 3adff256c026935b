import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildSandbox, type SandboxOptions } from './app';
import type { SandboxWebhooks } from './webhooks/dispatcher';

export interface StartSandboxOptions extends Omit<SandboxOptions, 'publicUrl'> {
  /** 0 picks a free port. Default 3100. */
  port?: number;
  host?: string;
  /** Default http://{host}:{port actually bound}. */
  publicUrl?: string;
}

export interface RunningSandbox {
  url: string;
  app: FastifyInstance;
  /** Tests wait with `webhooks.idle()` (or `flush()`) instead of sleeping. */
  webhooks: SandboxWebhooks;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 3100;
export const DEFAULT_HOST = '127.0.0.1';

/** Where the sandbox is reached: `publicUrl`, or the address the server is listening on. */
function urlOf(server: http.Server, port: number, host: string, publicUrl: string | undefined) {
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return (publicUrl ?? `http://${urlHost}:${boundPort}`).replace(/\/+$/, '');
}

/** Starts the sandbox in this process, e.g. beside the portal. */
export async function startSandbox(options: StartSandboxOptions): Promise<RunningSandbox> {
  const { port = DEFAULT_PORT, host = DEFAULT_HOST, publicUrl, ...rest } = options;
  const bound: { url?: string } = {};
  const app = await buildSandbox({
    ...rest,
    publicUrl: () => {
      if (bound.url === undefined) throw new Error('psp-sandbox: not listening yet');
      return bound.url;
    },
  });
  await app.listen({ port, host });
  bound.url = urlOf(app.server, port, host, publicUrl);
  return { url: bound.url, app, webhooks: app.sandbox.webhooks, close: () => app.close() };
}

/** A sandbox that listens now and is built later (startSandboxWhen). */
export interface ListeningSandbox {
  url: string;
  /** Resolves when the sandbox is built and answering; rejects if its build failed. */
  built: Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the sandbox beside a portal's start: it listens at once, as the portal needs its address
 * to be built, and is built only once `buildWhen` resolves (the portal is ready). Its build, a
 * Fastify app and its routes, took about 0.12 s of the portal's start on the one thread they
 * share (issue 23). A request that comes before the build waits for it; one that comes after a
 * failed build is answered 503.
 */
export async function startSandboxWhen(
  buildWhen: Promise<void>,
  options: StartSandboxOptions,
): Promise<ListeningSandbox> {
  const { port = DEFAULT_PORT, host = DEFAULT_HOST, publicUrl, ...rest } = options;
  const server = http.createServer();
  let handler: http.RequestListener | undefined;
  let closed = false;
  let building = false;
  let url = '';
  const app = buildWhen.then(async () => {
    if (closed) return undefined;
    building = true;
    let fastifyHandler: http.RequestListener | undefined;
    const built = await buildSandbox({
      ...rest,
      publicUrl: () => url,
      serverFactory: (answer) => {
        fastifyHandler = answer;
        return server;
      },
    });
    await built.ready();
    handler = fastifyHandler;
    return built;
  });
  const built = app.then(() => undefined);
  // Seen by the requests that wait and by close; not an unhandled rejection meanwhile.
  built.catch(() => {});
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (handler) return handler(request, response);
    built.then(
      () => handler?.(request, response),
      () => {
        response.statusCode = 503;
        response.end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  url = urlOf(server, port, host, publicUrl);
  return {
    url,
    built,
    close: async () => {
      closed = true;
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      // A build still waiting for its cue is not started; one under way is closed once done.
      if (building) await (await app.catch(() => undefined))?.close();
      await stopped;
    },
  };
}
