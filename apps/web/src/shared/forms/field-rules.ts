import {
  EMAIL_MAX,
  NAME_MAX,
  isValidEmail,
  isValidMembershipNumber,
  type MessageKey,
} from '@portal/contract';

/** The section 5 message for an email address, or undefined when it is fine. */
export function emailError(email: string): MessageKey | undefined {
  const trimmed = email.trim();
  if (!trimmed) return 'form-required';
  if (trimmed.length > EMAIL_MAX) return 'form-max-50';
  return isValidEmail(trimmed) ? undefined : 'sign-info-error-2';
}

export function requiredError(value: string): MessageKey | undefined {
  return value.trim() ? undefined : 'form-required';
}

export function membershipNumberError(input: string): MessageKey | undefined {
  if (!input.trim()) return 'form-required';
  return isValidMembershipNumber(input) ? undefined : 'sign-num-error-1';
}

/** First and last names: required and at most 50 characters, once trimmed. */
export function nameError(name: string): MessageKey | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'form-required';
  return trimmed.length > NAME_MAX ? 'form-max-50' : undefined;
}
