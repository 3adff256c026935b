import {
  errorCatalogue,
  errorText,
  type FailureEnvelope,
  type FailureResult,
} from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DrizzleQueryError } from 'drizzle-orm';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CallError } from '../platform/call-error';

export function failure(
  name: keyof typeof errorCatalogue,
  result?: FailureResult,
): FailureEnvelope {
  const def = errorCatalogue[name];
  return {
    state: '0',
    errorCode: def.code,
    errorMsg: errorText(def, result?.time),
    ...(result ? { result } : {}),
  };
}

function validationFields(error: FastifyError): FailureResult['fields'] {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  return error.validation.map((v) => ({
    path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: v.message ?? 'invalid',
  }));
}

/**
 * What may be logged of a fault. A failed query's message carries its parameters (names,
 * addresses, message texts): only the SQL and the database's own error go to the log.
 */
export function loggableError(error: Error): Error | Record<string, unknown> {
  if (!(error instanceof DrizzleQueryError)) return error;
  const cause = error.cause as { code?: unknown; message?: unknown; stack?: unknown } | undefined;
  return {
    type: 'DrizzleQueryError',
    query: error.query,
    params: `[${error.params.length} redacted]`,
    code: cause?.code,
    message: typeof cause?.message === 'string' ? cause.message : undefined,
    // The stack's first lines repeat the message: keep only its frames.
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
}

function isClientError(error: FastifyError): boolean {
  return typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
}

/**
 * A failure of a call whose token was still to be checked (registerCallCheckingToken): the
 * check's own failure (authFailure) when the token has no live session, else the failure.
 */
async function tokenFirst(
  app: FastifyInstance,
  request: FastifyRequest,
  thrown: FastifyError,
): Promise<FastifyError> {
  request.pendingToken = null;
  try {
    await app.requireMember(request);
  } catch (err) {
    return err as FastifyError;
  }
  return thrown;
}

/**
 * The one error handler: a call's own failure and any bad input answer HTTP 200 with state '0'
 * and a code; a real fault answers 500 with no stack and no detail, and is logged with the
 * request's context.
 */
export const errorsPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler(
      async (thrown: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
        // A call that checks its token in its own statement failed before it: the token is
        // checked first, so a caller without a live session learns nothing of the call.
        const error = request.pendingToken ? await tokenFirst(app, request, thrown) : thrown;
        if (error instanceof CallError) {
          return reply.status(200).send(failure(error.errorName, error.result()));
        }
        if (error.validation || isClientError(error)) {
          request.log.info({ err: { code: error.code, message: error.message } }, 'bad request');
          const fields = validationFields(error);
          return reply.status(200).send(failure('invalidRequest', fields ? { fields } : undefined));
        }
        request.log.error({ err: loggableError(error) }, 'request failed');
        return reply.status(500).send(failure('serverError'));
      },
    );
  },
  { name: 'errors' },
);
