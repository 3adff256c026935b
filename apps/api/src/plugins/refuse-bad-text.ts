import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { failure } from './errors';

/**
 * Where the first NUL character is in a value: a string, or a key or string inside it. A loop,
 * not recursion: a body nested deeper than the call stack must not make a fault.
 */
function nulPath(root: unknown, rootPath: string): string | undefined {
  const pending: [unknown, string][] = [[root, rootPath]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return at;
        pending.push([inner, at]);
      }
    }
  }
  return undefined;
}

/**
 * U+0000 is never valid input, and PostgreSQL cannot store it in text: any string of a request
 * (body, query string, path parameters) holding one is refused as bad input (10001) before any
 * handler runs.
 */
export const refuseNulPlugin = fp(
  (app: FastifyInstance) => {
    // Callback style: no promise on the path of every request.
    app.addHook('preValidation', (request, reply, done) => {
      const path =
        nulPath(request.body, '') ??
        nulPath(request.query, 'query') ??
        nulPath(request.params, 'params');
      if (path === undefined) return done();
      request.log.info({ path }, 'bad request: NUL character');
      void reply
        .status(200)
        .send(
          failure('invalidRequest', { fields: [{ path, message: 'must not contain U+0000' }] }),
        );
    });
  },
  { name: 'refuse-nul' },
);
