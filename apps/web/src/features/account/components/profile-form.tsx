import { NameFields } from '@/shared/forms/name-fields';
import {
  DEFAULT_AREA_CODE,
  DEFAULT_DIAL_CODE,
  saveMyDetails,
  type MyDetails,
} from '@portal/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import type { DialCode } from '@/shared/forms/dial-code-select';
import { EmailField } from '@/shared/forms/email-field';
import { messageText, validate } from '@/shared/forms/field-errors';
import { Form, FormStatus, SubmitButton } from '@/shared/forms/form';
import { FormError } from '@/shared/forms/form-error';
import { MobileFields } from '@/shared/forms/mobile-fields';
import { mobileError } from '@/shared/forms/mobile-rule';
import { useForm } from '@/shared/forms/use-form';
import { CodeEntryModal } from '@/shared/verification/code-entry-modal';
import { CodeRequestsBusy } from '@/shared/verification/code-requests-busy';
import { useDetailsChange } from '../hooks/use-details-change';
import { ACCOUNT_NS } from '../i18n';

const FIELDS = ['firstName', 'lastName', 'email', 'mobileNoPrefix', 'mobileNo'] as const;
const HANDLED = ['emailRegistered', 'mobileRegistered', 'codeBusy'] as const;
const AREA_CODE = /^[A-Z]{2}$/;

interface ProfileFormProps {
  details: MyDetails;
  onCancel: () => void;
  onSaved: (details: MyDetails) => void;
}

/**
 * The profile's edit mode: names, email and mobile, checked by the contract's rules. A new email
 * or mobile is confirmed with a code before the details are saved.
 */
export function ProfileForm({ details, onCancel, onSaved }: ProfileFormProps) {
  const { t } = useTranslation(ACCOUNT_NS);
  // The picker shows a country (iso2); the form holds the dial code it sends (mobileNoPrefix).
  const [dialCode, setDialCode] = useState<DialCode>({
    iso2: details.mobileAreaCode || DEFAULT_AREA_CODE,
    dialCode: details.mobileNoPrefix || DEFAULT_DIAL_CODE,
  });
  const form = useForm(
    FIELDS,
    () => ({
      firstName: details.firstName,
      lastName: details.lastName,
      email: details.email,
      mobileNoPrefix: details.mobileNoPrefix || DEFAULT_DIAL_CODE,
      mobileNo: details.mobileNo,
    }),
    (values) => {
      const result = validate(
        saveMyDetails.payload,
        { ...values, mobileAreaCode: AREA_CODE.test(dialCode.iso2) ? dialCode.iso2 : undefined },
        FIELDS,
      );
      // The schema checks the number only once the other fields pass: say it with the rest.
      const mobile = mobileError(values.mobileNoPrefix, values.mobileNo);
      if (!result.ok && mobile) result.errors.mobileNo ??= messageText(mobile);
      return result;
    },
  );
  const change = useDetailsChange({
    current: details,
    onSaved,
    onTaken: form.showServerErrors,
    onInvalid: (fields) => form.showFieldErrors(fields, { mobileAreaCode: 'mobileNoPrefix' }),
  });

  // Edit opens the form at its first field.
  const { focus } = form;
  useEffect(() => focus('firstName'), [focus]);

  const changeDialCode = (value: DialCode) => {
    setDialCode(value);
    form.setValue('mobileNoPrefix', value.dialCode);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.pending) return;
    const data = form.submit();
    if (data) change.submit(data);
  };

  const { sent } = change;
  return (
    <>
      <Form onSubmit={onSubmit} busy={change.step === 'sending' || change.step === 'saving'}>
        <p className="form__intro">{t('profile.changeIntro')}</p>
        <NameFields firstName={form.field('firstName')} lastName={form.field('lastName')} />
        <EmailField {...form.field('email')} label={t('profile.email')} />
        <MobileFields
          dialCode={dialCode}
          onDialCodeChange={changeDialCode}
          dialCodeError={form.errors.mobileNoPrefix}
          dialCodeRef={form.field('mobileNoPrefix').ref}
          mobile={form.field('mobileNo')}
        />
        {change.busySecondsLeft > 0 ? (
          <CodeRequestsBusy secondsLeft={change.busySecondsLeft} />
        ) : null}
        <FormError error={change.error} handled={HANDLED} />
        <SubmitButton
          busy={change.pending}
          after={
            <button type="button" className="button button--secondary" onClick={onCancel}>
              {t('profile.cancel')}
            </button>
          }
        >
          {t('profile.save')}
        </SubmitButton>
        <FormStatus>
          {change.step === 'sending'
            ? t('profile.sendingCode')
            : change.step === 'saving'
              ? t('profile.saving')
              : null}
        </FormStatus>
      </Form>
      <CodeEntryModal
        // A new modal, with an empty code, for each code sent (email, then mobile, or again).
        key={sent?.round ?? 0}
        open={sent !== null}
        sendType={sent?.target.sendType ?? 'email'}
        sentTo={sent?.to ?? ''}
        onSubmit={change.verify}
        onResend={change.resend}
        onClose={change.cancel}
      />
    </>
  );
}
