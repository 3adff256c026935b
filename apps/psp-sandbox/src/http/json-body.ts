import type { FastifyInstance } from 'fastify';

/** An empty body with a JSON content type is an empty payload, not a fault. */
export function registerLenientJson(app: FastifyInstance): void {
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    void jsonParser(request, text, done);
  });
}
