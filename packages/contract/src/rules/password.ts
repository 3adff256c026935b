import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import type { MessageKey } from '../messages';
import { issue, messageKey } from './message-key';
import { removeWhitespace } from './text';

export const PASSWORD_RULES = ['length', 'lowercase', 'uppercase', 'digit', 'special'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];
export type PasswordRuleResults = Record<PasswordRule, boolean>;

/** The label of each rule, for the rules meter. */
export const passwordRuleMessages = {
  length: 'password-rule-length',
  lowercase: 'password-rule-lowercase',
  uppercase: 'password-rule-uppercase',
  digit: 'password-rule-digit',
  special: 'password-rule-special',
} as const satisfies Record<PasswordRule, MessageKey>;

/** Which of the five rules the password meets, once its whitespace is removed. */
export function passwordRules(password: string): PasswordRuleResults {
  const pw = removeWhitespace(password);
  return {
    length: pw.length >= PASSWORD_MIN && pw.length <= PASSWORD_MAX,
    lowercase: /\p{Ll}/u.test(pw),
    uppercase: /\p{Lu}/u.test(pw),
    digit: /\d/.test(pw),
    special: /[^\p{L}\p{N}]/u.test(pw),
  };
}

export function meetsPasswordRules(password: string): boolean {
  const results = passwordRules(password);
  return PASSWORD_RULES.every((rule) => results[rule]);
}

export type PasswordStrength = 'Strong' | 'Weak';

export const passwordStrengthMessages = {
  Strong: 'password-strength-strong',
  Weak: 'password-strength-weak',
} as const satisfies Record<PasswordStrength, MessageKey>;

/** Strong only when all five rules match. */
export function passwordStrength(password: string): PasswordStrength {
  return meetsPasswordRules(password) ? 'Strong' : 'Weak';
}

/** Whitespace removed; required; at most 50; all five rules. Outputs the password without whitespace. */
export const passwordSchema = z
  .string({ error: 'form-required' satisfies MessageKey })
  .overwrite(removeWhitespace)
  .min(1, issue('form-required'))
  .max(PASSWORD_MAX, issue('form-max-50'))
  .refine(meetsPasswordRules, messageKey('password-error-rules'));
