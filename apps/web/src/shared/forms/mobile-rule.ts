import { isValidMobile, type MessageKey } from '@portal/contract';

/**
 * A mobile number with its dial code: together a valid international mobile number. Apart from
 * the other rules because it brings the phone number metadata, which only its pages should load.
 */
export function mobileError(dialCode: string, mobileNo: string): MessageKey | undefined {
  if (!mobileNo.trim()) return 'form-required';
  return isValidMobile(dialCode, mobileNo) ? undefined : 'mobile-error-invalid';
}
