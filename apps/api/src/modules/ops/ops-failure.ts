import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { loggableError } from '../../plugins/errors';

/**
 * Every failure of the operator API, in one shape: a stable `error` id, a sentence for the
 * operator, and where it applies the fields or catalogue rows at fault. The CLI prints them.
 */
export interface OpsFailure {
  error:
    | 'invalid-request'
    | 'forbidden'
    | 'unknown-card-type'
    | 'unknown-membership'
    | 'unknown-lane'
    | 'invalid-catalogue'
    | 'server-error';
  message: string;
  fields?: { path: string; message: string }[];
  problems?: { row: number; id: string | null; field: string; message: string }[];
}

export const opsFailure = (
  error: OpsFailure['error'],
  message: string,
  detail: Pick<OpsFailure, 'fields' | 'problems'> = {},
): OpsFailure => ({ error, message, ...detail });

/** The operator routes' error handler: bad input answers 400, a fault 500, in that shape. */
export function answerOpsFailures(ops: FastifyInstance): void {
  ops.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (error.validation || (status >= 400 && status < 500)) {
      const fields = hasZodFastifySchemaValidationErrors(error)
        ? error.validation.map((v) => ({
            path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
            message: v.message ?? 'invalid',
          }))
        : undefined;
      return reply
        .status(400)
        .send(opsFailure('invalid-request', 'The request is not valid.', fields ? { fields } : {}));
    }
    request.log.error({ err: loggableError(error) }, 'operator call failed');
    return reply.status(500).send(opsFailure('server-error', 'The operator call failed.'));
  });
}
