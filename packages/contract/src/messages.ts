/**
 * Field-level validation messages (spec section 5), keyed by i18n key. The rules' zod issues
 * carry these keys as their message, so the web translates them and the server can answer them.
 * Where the spec gives the English text, it is quoted exactly.
 */
export const fieldMessages = {
  'form-required': 'This field is required.',
  'form-max-50': 'Please enter no more than 50 characters.',
  'form-name-characters': 'Please remove line breaks and hidden characters from the name.',
  'form-digits-only': 'Please enter digits only.',
  'form-number-invalid': 'Please enter a valid number.',
  'form-date-invalid': 'Please enter a valid date.',

  'sign-num-error-1': 'Please enter 16 digits.',
  'sign-info-error-2': 'Please enter a valid email address.',
  'mobile-error-invalid': 'Please enter a valid mobile number.',
  'code-error-length': 'Please enter the 6-digit code.',

  'password-error-rules': 'Your password does not meet all the requirements.',
  'password-error-match': 'Password do not match.',
  'password-error-same': "New password can't be the same as the old password.",
  'terms-error-required': 'You must read and agree to the terms to continue.',
  'password-rule-length': 'At least 8 characters',
  'password-rule-lowercase': 'A lowercase letter',
  'password-rule-uppercase': 'An uppercase letter',
  'password-rule-digit': 'A number',
  'password-rule-special': 'A special character',
  'password-strength-strong': 'Strong',
  'password-strength-weak': 'Weak',

  'card-error-min-digits': 'Please enter at least 14 digits.',
  'card-error-number-invalid': 'Please enter a valid card number.',
  // The spec's 'date is invalid' and 'cvc is invalid', as sentences that name the fields as
  // they are labelled, "Expiry date" and "Security code (CVV)" (issue 21).
  'card-error-date': 'The expiry date is invalid.',
  'card-error-cvc': 'The security code (CVV) is invalid.',
  'card-error-name-min': 'Please enter at least 2 characters.',
  'card-error-name-latin': 'Please use Latin characters only.',
  'card-error-name-mismatch': 'The name on the card does not match the card details entered.',

  'booking-error-too-soon': 'Please choose a time at least 48 hours ahead.',
  'booking-error-too-far': 'Please choose a time at most 180 days ahead.',
  'booking-error-flight': 'Please enter a valid flight number.',

  'account-error-same-email': 'This is already the email address of your account.',
  'account-error-same-mobile': 'This is already the mobile number of your account.',

  'contact-error-message-max': 'Please enter no more than 2000 characters.',
  'contact-error-subject': 'Please choose a subject.',
} as const satisfies Record<string, string>;

export type MessageKey = keyof typeof fieldMessages;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(fieldMessages, value);
}
