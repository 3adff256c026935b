import { parseMobile, type MessageKey } from '@portal/contract';

/** The section 5 message for a mobile number, or undefined when it is one. */
export function mobileError(dialCode: string, mobile: string): MessageKey | undefined {
  if (!dialCode.trim() || !mobile.trim()) return 'form-required';
  return parseMobile(dialCode, mobile) ? undefined : 'mobile-error-invalid';
}
