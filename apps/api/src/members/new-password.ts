import { passwordSchema } from '@portal/contract';
import { CallError } from '../platform/call-error';

/**
 * Checks a decrypted new password against the five rules of spec section 5 and answers it
 * without whitespace, as the rules read it. A password that fails answers invalidRequest with
 * `result.fields` `[{ path: field, message: <message key> }]`, as a payload failing its schema
 * does.
 */
export function newPasswordOrThrow(clear: string, field: string): string {
  const outcome = passwordSchema.safeParse(clear);
  if (!outcome.success) {
    throw new CallError('invalidRequest', {
      fields: outcome.error.issues.map((issue) => ({ path: field, message: issue.message })),
    });
  }
  return outcome.data;
}
