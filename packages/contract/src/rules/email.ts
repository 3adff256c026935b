import { z } from 'zod';
import { EMAIL_MAX } from '../constants';
import { issue, messageKey } from './message-key';
import { requiredString } from './required';

export const EMAIL_PATTERN: RegExp = z.regexes.email;

export function isValidEmail(input: string): boolean {
  const email = input.trim();
  return email.length > 0 && email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);
}

export const emailSchema = requiredString()
  .max(EMAIL_MAX, issue('form-max-50'))
  .regex(EMAIL_PATTERN, messageKey('sign-info-error-2'));
