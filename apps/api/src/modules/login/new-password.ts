import { passwordSchema } from '@portal/contract';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Validation = { value?: unknown; error?: unknown };

/**
 * Checks a decrypted new password against the five rules of spec section 5 and answers it
 * without whitespace, as the rules read it. A password that fails throws the same error a
 * payload failing its schema does, so the one error handler answers invalidRequest with
 * `result.fields` `[{ path: field, message: <message key> }]`.
 */
export function newPasswordOrThrow(clear: string, field: string): string {
  const schema = z.object({ [field]: passwordSchema });
  const validate = validatorCompiler({ schema, method: 'POST', url: '', httpPart: 'body' });
  const outcome = validate({ [field]: clear }) as Validation;
  if (outcome.error !== undefined) {
    throw Object.assign(new Error(`body/${field} does not meet the password rules`), {
      statusCode: 400,
      code: 'FST_ERR_VALIDATION',
      validation: outcome.error,
      validationContext: 'body',
    });
  }
  const value = (outcome.value as Record<string, unknown> | undefined)?.[field];
  if (typeof value !== 'string') throw new Error('the password check answered no password');
  return value;
}
