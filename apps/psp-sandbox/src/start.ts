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
  const address = app.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  bound.url = (publicUrl ?? `http://${urlHost}:${boundPort}`).replace(/\/+$/, '');
  return { url: bound.url, app, webhooks: app.sandbox.webhooks, close: () => app.close() };
}
