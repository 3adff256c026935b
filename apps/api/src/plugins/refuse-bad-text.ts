import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { failure } from './errors';

/**
 * Text no field may hold: U+0000 (PostgreSQL cannot store it in text), and a UTF-16 surrogate
 * without its pair (`"\ud800"` in JSON: not a character, and refused by PostgreSQL's jsonb).
 * With the `u` flag a pair is one code point, so the class matches only a lone half.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is what it looks for
const BAD_TEXT = /[\u0000\uD800-\uDFFF]/u;

/**
 * Where the first bad text is in a value: a string, or a key or string inside it. A loop, not
 * recursion: a body nested deeper than the call stack must not make a fault.
 */
function badTextPath(root: unknown, rootPath: string): string | undefined {
  const pending: [unknown, string][] = [[root, rootPath]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (BAD_TEXT.test(value)) return path;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (BAD_TEXT.test(key)) return at;
        pending.push([inner, at]);
      }
    }
  }
  return undefined;
}

/**
 * Any string of a request (body, query string, path parameters) holding a NUL or an unpaired
 * surrogate is refused as bad input (10001) before any handler runs, whatever the field.
 */
export const refuseBadTextPlugin = fp(
  (app: FastifyInstance) => {
    // Callback style: no promise on the path of every request.
    app.addHook('preValidation', (request, reply, done) => {
      const path =
        badTextPath(request.body, '') ??
        badTextPath(request.query, 'query') ??
        badTextPath(request.params, 'params');
      if (path === undefined) return done();
      request.log.info({ path }, 'bad request: NUL character or unpaired surrogate');
      void reply.status(200).send(
        failure('invalidRequest', {
          fields: [{ path, message: 'must not contain U+0000 or an unpaired surrogate' }],
        }),
      );
    });
  },
  { name: 'refuse-bad-text' },
);
