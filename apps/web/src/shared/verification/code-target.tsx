import { codeTargetSchema, type SendType } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { DEFAULT_DIAL, type DialCode } from '../forms/dial-code-select';
import { validate, type Validation } from '../forms/field-errors';
import { EmailField } from '../forms/email-field';
import { MobileFields } from '../forms/mobile-fields';
import { useForm } from '../forms/use-form';
import { VERIFICATION_NS } from './i18n';

/** Where a one-time code goes (spec section 3): an email address, or a mobile number. */
export type CodeTarget =
  | { sendType: 'email'; email: string }
  | { sendType: 'sms'; mobileNoPrefix: string; mobileNo: string };

const FIELDS = ['email', 'mobileNoPrefix', 'mobileNo'] as const;
type CodeTargetField = (typeof FIELDS)[number];

/**
 * The email address or mobile number a code is sent to, checked by the contract's rules for the
 * send type. `submit()` gives the target, or undefined after showing what is wrong.
 */
export function useCodeTargetForm(sendType: SendType) {
  // The picker shows a country (iso2); the form holds the dial code it sends (mobileNoPrefix).
  const [dialCode, setDialCode] = useState<DialCode>(DEFAULT_DIAL);
  const initial = { email: '', mobileNoPrefix: DEFAULT_DIAL.dialCode, mobileNo: '' };
  const form = useForm(FIELDS, initial, (values): Validation<CodeTarget, CodeTargetField> => {
    const target: CodeTarget =
      sendType === 'email'
        ? { sendType, email: values.email.trim() }
        : { sendType, mobileNoPrefix: values.mobileNoPrefix, mobileNo: values.mobileNo.trim() };
    const result = validate(codeTargetSchema, target, FIELDS);
    return result.ok ? { ok: true, data: target } : result;
  });
  const changeDialCode = (value: DialCode) => {
    setDialCode(value);
    form.setValue('mobileNoPrefix', value.dialCode);
  };
  return { ...form, sendType, dialCode, changeDialCode };
}

export type CodeTargetForm = ReturnType<typeof useCodeTargetForm>;

/** The fields of a code target: the email address, or the dial code and mobile number. */
export function CodeTargetFields({ target }: { target: CodeTargetForm }) {
  const { t } = useTranslation(VERIFICATION_NS);
  return target.sendType === 'email' ? (
    <EmailField {...target.field('email')} label={t('codeTarget.email')} />
  ) : (
    <MobileFields
      dialCode={target.dialCode}
      onDialCodeChange={target.changeDialCode}
      dialCodeError={target.errors.mobileNoPrefix}
      dialCodeRef={target.field('mobileNoPrefix').ref}
      mobile={target.field('mobileNo')}
    />
  );
}
