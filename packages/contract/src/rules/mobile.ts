import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import type { CountryCode } from 'libphonenumber-js/mobile';
import { z } from 'zod';
import { PHONE_INPUT_MAX } from '../constants';
import { messageKey } from './message-key';
import { requiredString } from './required';
import { keepDigits } from './text';

const DIAL_CODE_PATTERN = /^\+?\d{1,3}$/;
const NUMBER_PATTERN = /^[\d\s().-]+$/;
const MOBILE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

export interface ParsedMobile {
  /** Dial code without the plus, e.g. "44". */
  dialCode: string;
  /** National significant number, without the trunk prefix, e.g. "7400123456". */
  nationalNumber: string;
  /** E.164, e.g. "+447400123456". */
  e164: string;
  /** ISO 3166-1 alpha-2, when the number belongs to one country. */
  country: CountryCode | undefined;
}

/** "+44", "44" and " 44 " all give "44"; anything else gives undefined. */
export function normaliseDialCode(prefix: string): string | undefined {
  const trimmed = prefix.trim();
  return DIAL_CODE_PATTERN.test(trimmed) ? keepDigits(trimmed) : undefined;
}

/**
 * The number as an international mobile number, or undefined when it is not one.
 * The number may carry spaces, hyphens, brackets and the national trunk prefix (07400 ...).
 */
export function parseMobile(prefix: string, number: string): ParsedMobile | undefined {
  const dialCode = normaliseDialCode(prefix);
  const trimmed = number.trim();
  if (!dialCode || trimmed.length > PHONE_INPUT_MAX || !NUMBER_PATTERN.test(trimmed)) {
    return undefined;
  }
  const phone = parsePhoneNumberFromString(`+${dialCode}${keepDigits(trimmed)}`);
  if (!phone || phone.countryCallingCode !== dialCode || !phone.isValid()) return undefined;
  const type = phone.getType();
  if (!type || !MOBILE_TYPES.has(type)) return undefined;
  return {
    dialCode,
    nationalNumber: phone.nationalNumber,
    e164: phone.number,
    country: phone.country,
  };
}

export function isValidMobile(prefix: string, number: string): boolean {
  return parseMobile(prefix, number) !== undefined;
}

export function toE164(prefix: string, number: string): string | undefined {
  return parseMobile(prefix, number)?.e164;
}

/**
 * A phone number for reading, in the international format of its country ("+44 7400 900456",
 * issue 21: numbers were shown run together); as given, after its dial code, where it does not
 * parse (a number kept from before the rules, say).
 */
export function formatMobile(prefix: string, number: string): string {
  const dialCode = normaliseDialCode(prefix) ?? prefix.trim().replace(/^\+/, '');
  const phone = parsePhoneNumberFromString(`+${dialCode}${keepDigits(number)}`);
  return phone?.isValid() ? phone.formatInternational() : `+${dialCode} ${number.trim()}`;
}

export const mobilePrefixSchema = requiredString();

export const mobileNumberSchema = requiredString().max(
  PHONE_INPUT_MAX,
  messageKey('mobile-error-invalid'),
);

/** The two fields, for payloads that hold them beside others; pair with `refineMobile`. */
export const mobileFields = {
  mobileNoPrefix: mobilePrefixSchema,
  mobileNo: mobileNumberSchema,
};

/** Adds 'mobile-error-invalid' on mobileNo when both are filled but form no mobile number. */
export function refineMobile(
  value: { mobileNoPrefix: string; mobileNo: string },
  ctx: z.RefinementCtx,
): void {
  const { mobileNoPrefix, mobileNo } = value;
  if (typeof mobileNoPrefix !== 'string' || typeof mobileNo !== 'string') return;
  // Empty or over-long fields already carry their own message.
  if (!mobileNoPrefix.trim() || !mobileNo.trim() || mobileNo.trim().length > PHONE_INPUT_MAX)
    return;
  if (!isValidMobile(mobileNoPrefix, mobileNo)) {
    ctx.addIssue({
      code: 'custom',
      message: messageKey('mobile-error-invalid'),
      path: ['mobileNo'],
    });
  }
}

/** { mobileNoPrefix, mobileNo }: both required, together a valid international mobile number. */
export const mobileSchema = z.object(mobileFields).superRefine(refineMobile);
