import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallDef, PayloadOf } from '@portal/contract';
import type { CallResponse } from './test-app';
import { freePort } from './free-port';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The portal's server in a process of its own (src/server.ts, compiled on the fly by tsx). */
export interface ApiProcess extends ServiceProcess {
  /** POSTs a call as the browser does; answers the envelope like `t.call`. */
  call<C extends CallDef>(
    call: C,
    payload: PayloadOf<C>,
    headers?: Record<string, string>,
  ): Promise<Pick<CallResponse, 'body'> & { status: number }>;
}

/** Every child still running: killed should the test process end without stopping them. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

async function healthy(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the process exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing answered at ${url} within 60 s:\n${output()}`);
}

/** A process of our own serving HTTP: what it wrote, and two ways to end it. */
export interface ServiceProcess {
  baseUrl: string;
  /** What the process wrote. */
  output(): string;
  /** SIGTERM, as a platform stops an instance, and waits for the exit. */
  stop(): Promise<void>;
  /** SIGKILL: the process dies where it is, as in a crash. */
  kill(): Promise<void>;
}

/** Runs a TypeScript entry point with tsx in `cwd` and waits until `healthPath` answers 2xx. */
export async function startService(
  cwd: string,
  script: string,
  port: number,
  env: Record<string, string>,
  healthPath: string,
): Promise<ServiceProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log;
  try {
    await healthy(`${baseUrl}${healthPath}`, child, output);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    baseUrl,
    output,
    async stop() {
      child.kill('SIGTERM');
      // A shutdown that hangs is ended: a test's teardown never waits for ever.
      const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(late);
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}

/** Starts the server on a free port of 127.0.0.1 against `databaseUrl`, and waits until ready. */
export async function startApiProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const service = await startService(
    apiRoot,
    'src/server.ts',
    port,
    {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'loopback',
      ...env,
    },
    '/healthz',
  );
  return {
    ...service,
    async call(call, payload, headers = {}) {
      const response = await fetch(`${service.baseUrl}/client-api${call.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', channel: 'ASE', ...headers },
        body: JSON.stringify(payload ?? {}),
      });
      return { status: response.status, body: (await response.json()) as CallResponse['body'] };
    },
  };
}

/** The payment provider's stand-in (apps/psp-sandbox) in a process of its own. */
export async function startSandboxProcess(
  env: Record<string, string> = {},
): Promise<ServiceProcess & { env: { PSP_URL: string; PSP_API_KEY: string } }> {
  const port = await freePort();
  const apiKey = `sandbox-key-${port}-${process.pid}`;
  const service = await startService(
    path.resolve(apiRoot, '../psp-sandbox'),
    'src/server.ts',
    port,
    { PSP_PORT: String(port), PSP_HOST: '127.0.0.1', PSP_API_KEY: apiKey, ...env },
    '/',
  );
  return { ...service, env: { PSP_URL: service.baseUrl, PSP_API_KEY: apiKey } };
}

/** Asks `read` every 50 ms until it answers something (what a process did is seen from outside). */
export async function until<T>(
  what: string,
  read: () => Promise<T | undefined>,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the provider (the sandbox process) holds a captured payment for the order. */
export const capturedAtProvider = (
  sandbox: ServiceProcess & { env: { PSP_API_KEY: string } },
  orderId: string,
) =>
  until('the payment at the provider', async () => {
    const res = await fetch(`${sandbox.baseUrl}/v1/sandbox/payments?orderId=${orderId}`, {
      headers: { authorization: `Bearer ${sandbox.env.PSP_API_KEY}` },
    });
    const body = (await res.json()) as { status?: string };
    return body.status === 'CAPTURED' ? body : undefined;
  });
