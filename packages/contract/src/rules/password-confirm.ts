import { z } from 'zod';
import type { MessageKey } from '../messages';
import { issue } from './message-key';
import { passwordSchema } from './password';
import { removeWhitespace } from './text';

/** A password field that is only required (the confirmation, or the old password). */
export const passwordInputSchema = z
  .string({ error: 'form-required' satisfies MessageKey })
  .overwrite(removeWhitespace)
  .min(1, issue('form-required'));

export function passwordsMatch(password: string, confirmation: string): boolean {
  return removeWhitespace(password) === removeWhitespace(confirmation);
}

/** True when the new password is not the old one (whitespace ignored, as both are kept without it). */
export function differsFromOld(oldPassword: string, newPassword: string): boolean {
  return removeWhitespace(oldPassword) !== removeWhitespace(newPassword);
}

/**
 * Runs a cross-field check once the named fields hold non-empty strings, even when another
 * field (e.g. a weak password) already failed, so each field shows its own message.
 */
function whenFilled(...fields: string[]) {
  return (payload: z.core.ParsePayload): boolean => {
    const value = payload.value;
    if (typeof value !== 'object' || value === null) return false;
    return fields.every((field) => {
      const v: unknown = (value as Record<string, unknown>)[field];
      return typeof v === 'string' && removeWhitespace(v).length > 0;
    });
  };
}

const confirmFields = { password: passwordSchema, confirmPassword: passwordInputSchema };

function confirmationMatches(value: { password: string; confirmPassword: string }): boolean {
  return passwordsMatch(value.password, value.confirmPassword);
}

const mismatch = {
  error: 'password-error-match' satisfies MessageKey,
  path: ['confirmPassword'],
  when: whenFilled('password', 'confirmPassword'),
};

/** { password, confirmPassword }: a valid password and the same again ('Password do not match.'). */
export const confirmPasswordSchema = z.object(confirmFields).refine(confirmationMatches, mismatch);

/** { oldPassword, password, confirmPassword }: as above, and the new one differs from the old. */
export const changePasswordSchema = z
  .object({ oldPassword: passwordInputSchema, ...confirmFields })
  .refine(confirmationMatches, mismatch)
  .refine((value) => differsFromOld(value.oldPassword, value.password), {
    error: 'password-error-same' satisfies MessageKey,
    path: ['password'],
    when: whenFilled('oldPassword', 'password'),
  });
