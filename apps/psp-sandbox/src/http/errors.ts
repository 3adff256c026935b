import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ProviderError } from '../errors';

interface ValidationIssue {
  instancePath?: string;
  params?: Record<string, unknown>;
}

function propertyOf(issue: ValidationIssue | undefined): string | undefined {
  if (!issue) return undefined;
  const missing = issue.params?.missingProperty;
  if (typeof missing === 'string') return missing;
  const path = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  return path || undefined;
}

export function sendProviderError(reply: FastifyReply, error: ProviderError): FastifyReply {
  return reply.status(error.httpStatus).type('application/json').send(error.body());
}

/**
 * Errors answer in the provider's shape. Framework messages are never echoed: a JSON parse
 * error quotes the body, and bodies carry card data.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ProviderError) return sendProviderError(reply, error);
    if (error.validation) {
      const propertyName = propertyOf(error.validation[0]);
      const where = error.validationContext ?? 'request';
      return sendProviderError(
        reply,
        ProviderError.of('invalidRequest', {
          ...(propertyName ? { propertyName } : {}),
          message: propertyName
            ? `${propertyName} is missing or invalid`
            : `The ${where} is missing or invalid`,
        }),
      );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendProviderError(
        reply,
        ProviderError.of('invalidRequest', {
          message: error.code ?? 'INVALID_REQUEST',
          httpStatusCode: status,
        }),
      );
    }
    request.log.error(
      { err: { type: error.name, code: error.code, message: error.message, stack: error.stack } },
      'sandbox fault',
    );
    return sendProviderError(reply, ProviderError.of('internal'));
  });
}
