import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire (still compressed, if they were). */
  body: Buffer;
}

/** One request with node:http, which, unlike fetch, leaves the body as it was sent. */
export function rawRequest(
  url: string,
  options: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    /** Connections kept between requests; by default each request has its own. */
    agent?: http.Agent;
  },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method, headers: options.headers, agent: options.agent ?? false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('error', reject);
    request.setTimeout(30_000, () => request.destroy(new Error(`${url} timed out`)));
    request.end(options.body);
  });
}

/** The body as text, decompressed when it was sent gzipped or in brotli. */
export function decodedText(response: RawResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === undefined || encoding === 'identity') return response.body.toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.body).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(response.body).toString('utf8');
  throw new Error(`unexpected content-encoding ${encoding}`);
}
