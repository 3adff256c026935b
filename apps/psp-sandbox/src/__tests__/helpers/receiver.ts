import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver got, with its body exactly as sent (signatures are over those bytes). */
export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  event: { id: string; type: string; createdAt: string; payment: Record<string, unknown> };
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status to answer the nth request (0-based); 200 unless told. */
  answer: (n: number) => number;
  close(): Promise<void>;
}

/** A portal stand-in on a free local port that records every webhook POSTed to it. */
export async function startReceiver(answer: (n: number) => number = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const receiver = { received, answer } as Receiver;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const n = received.length;
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        rawBody,
        // A followed redirect would come without a body: recorded, so the test can see it.
        event: (rawBody ? JSON.parse(rawBody) : {}) as Received['event'],
      });
      const status = receiver.answer(n);
      // A 3xx says where to go, so that a sender that follows redirects would be caught at it.
      const moved = status >= 300 && status < 400 ? { location: '/moved' } : {};
      response.writeHead(status, { 'content-type': 'text/plain', ...moved }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/psp`;
  receiver.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return receiver;
}
