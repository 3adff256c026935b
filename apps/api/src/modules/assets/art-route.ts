import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { renderArt } from './art';
import { ART_KINDS, ART_PREFIX, ART_SEED, type ArtKind } from '../../platform/art-url';

const isArtKind = (kind: string): kind is ArtKind =>
  (ART_KINDS as readonly string[]).includes(kind);

/** GET /assets-api/art/:kind/:seed.svg: generated, deterministic, cached for a year. */
export function registerArtRoute(app: FastifyInstance): void {
  app.get<{ Params: { kind: string; file: string } }>(
    `${ART_PREFIX}/:kind/:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { kind, file } = request.params;
      const seed = file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : '';
      if (!isArtKind(kind) || !ART_SEED.test(seed)) {
        return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
      }
      const svg = renderArt(kind, seed);
      const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .type('image/svg+xml; charset=utf-8');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.send(svg);
    },
  );
}
