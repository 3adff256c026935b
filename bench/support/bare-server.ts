import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RawResponse } from './http';
import { stopProcess } from './processes';

/** What the bare server answers on one path: status, headers and body bytes, fixed. */
export interface FixedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The headers node:http writes on every answer, on both sides. */
const NODE_WRITES = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/**
 * A portal's answer for the bare server to send: every header the portal sent (its security
 * headers, etag, request id…) but those node:http writes itself, so the same bytes go on the wire.
 */
export function fixedResponse(response: RawResponse): FixedResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers))
    if (typeof value === 'string' && !NODE_WRITES.has(name)) headers[name] = value;
  return { status: response.status, headers, body: response.body };
}

export interface BareServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/*
 * A plain node:http server, nothing else: it reads the request to its end, then writes the
 * response it was given for that path. CommonJS, for `node -e`; the responses come in a file
 * whose path is its one argument.
 */
const SCRIPT = `
const http = require('node:http');
const fs = require('node:fs');
const spec = JSON.parse(fs.readFileSync(process.argv[1], 'utf8'));
const routes = new Map();
for (const [url, r] of Object.entries(spec)) {
  const body = Buffer.from(r.body, 'base64');
  routes.set(url, { status: r.status, headers: { ...r.headers, 'content-length': String(body.length) }, body });
}
const server = http.createServer((req, res) => {
  req.on('data', () => {});
  req.on('end', () => {
    const route = routes.get(req.url);
    if (!route) { res.writeHead(404); res.end(); return; }
    res.writeHead(route.status, route.headers);
    res.end(route.body);
  });
});
server.keepAliveTimeout = 72000;
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/** Starts the bare server in its own process (as the portal runs in its own). */
export async function startBareServer(
  responses: Record<string, FixedResponse>,
): Promise<BareServer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-bare-'));
  const specFile = path.join(dir, 'responses.json');
  const spec = Object.fromEntries(
    Object.entries(responses).map(([url, r]) => [
      url,
      { status: r.status, headers: r.headers, body: r.body.toString('base64') },
    ]),
  );
  await fs.writeFile(specFile, JSON.stringify(spec));
  const child = spawn(process.execPath, ['-e', SCRIPT, specFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        out += chunk;
        const line = /^(\d+)\n/.exec(out);
        if (line) resolve(Number(line[1]));
      });
      child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
      setTimeout(() => reject(new Error('the bare server did not start in 10 s')), 10_000).unref();
    });
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      stop: async () => {
        await stopProcess(child);
        await fs.rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stopProcess(child);
    await fs.rm(dir, { recursive: true, force: true });
    throw err;
  }
}
