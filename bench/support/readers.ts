import { createHash } from 'node:crypto';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import type { RawResponse } from './http';
import { inOwnProcess } from './own-process';

/*
 * Many readers at once, each on a connection of its own, as many browsers on many machines would
 * be. Here they share the machine with the server they measure, so a reader's own work is in
 * every figure. node:http's client (a request object, its parser, its events for every call)
 * took 0.4-0.7 ms of CPU a call measured here (200 readers, 108 KB brotli answers), the readers
 * below 0.13-0.28 ms: with it, the readers' own queue was most of a wave's p99, for the bare
 * server as for the portal. These write a request built once and only count the bytes coming
 * back until the answer's content-length is reached; the answer is parsed once the wave's clocks
 * have stopped.
 */

/** The request as it goes on the wire, built once, HTTP/1.1 with keep-alive. */
export function requestBytes(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  body: string,
): Buffer {
  const { host } = new URL(baseUrl);
  const lines = [`POST ${path} HTTP/1.1`, `host: ${host}`, 'connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push(`content-length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

interface Head {
  status: number;
  headers: Record<string, string>;
  /** Where the body starts in the received bytes. */
  bodyAt: number;
  contentLength: number;
}

function parseHead(bytes: Buffer): Head | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!status) throw new Error(`not an HTTP answer: ${statusLine}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  // Both servers answer the bytes of a cached answer with their length; an answer sent in
  // chunks would need a parser these readers do not have.
  const length = headers['content-length'];
  if (length === undefined) throw new Error(`an answer without a content-length: ${statusLine}`);
  return { status: Number(status[1]), headers, bodyAt: end + 4, contentLength: Number(length) };
}

/** The received bytes of one answer as status, headers and the body as sent (still compressed). */
function parsedAnswer(bytes: Buffer): RawResponse {
  const head = parseHead(bytes);
  if (head === undefined) throw new Error('an answer without its head');
  return {
    status: head.status,
    headers: head.headers,
    body: bytes.subarray(head.bodyAt, head.bodyAt + head.contentLength),
  };
}

/**
 * One request on an open connection: the time to its answer's last byte, and the bytes as they
 * came (joined later, once the wave's clocks have stopped).
 */
function ask(socket: net.Socket, request: Buffer): Promise<{ ms: number; chunks: Buffer[] }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    // The head is looked for until it has come; then the bytes are only counted, not copied.
    let received = 0;
    let needed: number | undefined;
    const start = performance.now();
    const done = (err?: Error) => {
      socket.off('data', onData);
      socket.off('error', done);
      socket.off('close', onClose);
      if (err) reject(err);
      else resolve({ ms: performance.now() - start, chunks });
    };
    const onClose = () => done(new Error('the server closed the connection mid-answer'));
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (needed === undefined) {
        let head: Head | undefined;
        try {
          head = parseHead(Buffer.concat(chunks, received));
        } catch (err) {
          done(err as Error);
          return;
        }
        if (head === undefined) return;
        needed = head.bodyAt + head.contentLength;
      }
      if (received > needed) done(new Error('more bytes came than the answer was long'));
      else if (received === needed) done();
    };
    if (socket.destroyed || !socket.writable) {
      reject(new Error('the server closed the connection between waves'));
      return;
    }
    socket.on('data', onData);
    socket.once('error', done);
    socket.once('close', onClose);
    socket.write(request);
  });
}

interface Readers {
  /**
   * One request from every reader at the same instant (reader i sends `requests[i]`): each
   * answer's time to its last byte, in ms, and the bytes of each answer as they came.
   */
  wave(requests: Buffer[]): Promise<{ times: number[]; answers: Buffer[][] }>;
  close(): void;
}

/** `count` readers, each with its connection open to the server at `baseUrl`. */
async function openReaders(baseUrl: string, count: number): Promise<Readers> {
  const { hostname, port } = new URL(baseUrl);
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect(Number(port), hostname, () => {
            socket.off('error', reject);
            // An idle connection's error is followed by its close, which a wave reports.
            socket.on('error', () => {});
            resolve(socket);
          });
          socket.setNoDelay(true);
          socket.once('error', reject);
        }),
    ),
  );
  return {
    async wave(requests) {
      if (requests.length !== sockets.length)
        throw new Error(`${requests.length} requests for ${sockets.length} readers`);
      const asked = await Promise.all(sockets.map((socket, i) => ask(socket, requests[i]!)));
      return { times: asked.map((a) => a.ms), answers: asked.map((a) => a.chunks) };
    },
    close() {
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** How long the readers ask before the timed waves: the throughput bench's warm-up, 1 s. */
const WARM_UP_MS = 1000;

/** What the readers' process was asked to do (timedWaves). */
export interface WavesAsked {
  baseUrl: string;
  requests: Uint8Array[];
  waves: number;
}

/** What it answers: every timed answer's time, sorted, and each different answer once. */
export interface WavesDone {
  times: number[];
  answers: RawResponse[];
}

/**
 * The answers that differ, once each: the same status, encoding, type and body bytes are the
 * same answer (the request id and the date may differ). The bytes are joined and compared only
 * after the clocks have stopped.
 */
function distinctAnswers(into: Map<string, RawResponse>, answers: Buffer[][]): void {
  for (const chunks of answers) {
    const answer = parsedAnswer(Buffer.concat(chunks));
    const { headers } = answer;
    const key = [
      answer.status,
      headers['content-encoding'] ?? '',
      headers['content-type'] ?? '',
      createHash('sha256').update(answer.body).digest('base64'),
    ].join('\u0000');
    if (!into.has(key)) into.set(key, answer);
  }
}

/**
 * In the readers' process: waves that are not timed, for WARM_UP_MS (as a browser's connections
 * are open by the time it shows the page, and a server that has been answering for a while has
 * its code compiled), then `waves` timed waves of one request from every reader at once.
 */
export async function runWaves({ baseUrl, requests, waves }: WavesAsked): Promise<WavesDone> {
  const asked = requests.map((r) => Buffer.from(r.buffer, r.byteOffset, r.byteLength));
  const readers = await openReaders(baseUrl, asked.length);
  const answers = new Map<string, RawResponse>();
  const wave = async () => {
    const done = await readers.wave(asked);
    distinctAnswers(answers, done.answers);
    return done.times;
  };
  try {
    const warmUntil = performance.now() + WARM_UP_MS;
    do await wave();
    while (performance.now() < warmUntil);
    const times: number[] = [];
    for (let i = 0; i < waves; i++) times.push(...(await wave()));
    return { times: times.sort((a, b) => a - b), answers: [...answers.values()] };
  } finally {
    readers.close();
  }
}

/**
 * `waves` waves of one request from every reader at once, after a second of untimed ones
 * (runWaves), in a process of their own as a browser's are (own-process.ts), each different
 * answer checked: every timed answer's time, in ms, sorted.
 */
export async function timedWaves(
  baseUrl: string,
  requests: Buffer[],
  waves: number,
  check: (answer: RawResponse) => void,
): Promise<number[]> {
  const asked: WavesAsked = { baseUrl, requests, waves };
  const done = await inOwnProcess<WavesAsked, WavesDone>(
    new URL('./readers-process.ts', import.meta.url),
    asked,
  );
  for (const answer of done.answers) {
    const { body } = answer;
    check({ ...answer, body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) });
  }
  return done.times;
}
