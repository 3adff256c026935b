import { VERIFICATION_CODE_LENGTH } from '../constants';
import { messageKey } from './message-key';
import { requiredString } from './required';
import { isDigits, removeWhitespace } from './text';

export function isValidVerificationCode(input: string): boolean {
  const code = removeWhitespace(input);
  return isDigits(code) && code.length === VERIFICATION_CODE_LENGTH;
}

/** Six digits; spaces (as pasted from a message) are removed. */
export const verificationCodeSchema = requiredString()
  .overwrite(removeWhitespace)
  .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), messageKey('code-error-length'));
