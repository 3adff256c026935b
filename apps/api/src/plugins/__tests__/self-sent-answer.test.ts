import { Writable } from 'node:stream';
import { calls } from '@portal/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { registerCall } from '../calls';

/** A Fastify app with one call whose handler sends its answer itself, logging to `lines`. */
async function appSendingItself(lines: string[], delayMs: number) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // An onSend hook that takes its time, as compression may: the answer is not out at once.
  app.addHook('onSend', async (_request, _reply, payload) => {
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    return payload;
  });
  registerCall(app, calls.loungeList, async ({ reply }) =>
    reply.type('application/json; charset=utf-8').send('{"state":"1","errorCode":null}'),
  );
  await app.ready();
  return app;
}

describe('a handler that sends its own answer', () => {
  it.each([0, 20])(
    'is answered once, with no "already sent" warning (onSend taking %i ms)',
    async (delayMs) => {
      const lines: string[] = [];
      const app = await appSendingItself(lines, delayMs);
      try {
        const response = await app.inject({
          method: 'POST',
          url: '/client-api/lounge/list/v2',
          payload: { airportCode: 'LHR' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe('{"state":"1","errorCode":null}');
        await new Promise((r) => setTimeout(r, 50));
        expect(lines.join('')).toBe('');
      } finally {
        await app.close();
      }
    },
  );
});
