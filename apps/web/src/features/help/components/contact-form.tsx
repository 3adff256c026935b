import { NameFields } from '@/shared/forms/name-fields';
import {
  DEFAULT_AREA_CODE,
  DEFAULT_DIAL_CODE,
  contactMessageSchema,
  formatMembershipNumber,
  type MyDetails,
} from '@portal/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { isApiError } from '@/shared/api/api-errors';
import type { DialCode } from '@/shared/forms/dial-code-select';
import { EmailField } from '@/shared/forms/email-field';
import { Field } from '@/shared/forms/field';
import { messageText, validate } from '@/shared/forms/field-errors';
import { Form, FormStatus, SubmitButton } from '@/shared/forms/form';
import { FormError } from '@/shared/forms/form-error';
import { MembershipNumberField } from '@/shared/forms/membership-number-field';
import { MobileFields } from '@/shared/forms/mobile-fields';
import { mobileError } from '@/shared/forms/mobile-rule';
import { useForm } from '@/shared/forms/use-form';
import { useContactSubjects } from '../api/get-contact-subjects';
import { useEmailUs } from '../api/email-us';
import { HELP_NS } from '../i18n';
import { MessageField } from './message-field';

const FIELDS = [
  'subject',
  'message',
  'firstName',
  'lastName',
  'email',
  'mobileNoPrefix',
  'mobileNo',
  'membershipNumber',
] as const;
type ContactField = (typeof FIELDS)[number];

/** The form's values as email-us takes them: the optional mobile and number only when given. */
function payloadOf(values: Record<ContactField, string>) {
  const { mobileNoPrefix, mobileNo, membershipNumber, ...required } = values;
  return {
    ...required,
    ...(mobileNo.trim() ? { mobileNoPrefix, mobileNo } : {}),
    ...(membershipNumber.trim() ? { membershipNumber } : {}),
  };
}

interface ContactFormProps {
  /** The member's profile, to fill in who is writing; undefined leaves those fields empty. */
  details: MyDetails | undefined;
  /** Focus the first field at once (after "Send another message"). */
  focusOnMount?: boolean;
  /** Sent: how many working days a reply takes ("2-3"). */
  onSent: (replyWorkingDays: string) => void;
}

/**
 * A message to support (spec section 3, contact form): subject, message, and who is writing,
 * filled in from the profile; checked by the contract's rules before it is sent.
 */
export function ContactForm({ details, focusOnMount = false, onSent }: ContactFormProps) {
  const { t } = useTranslation(HELP_NS);
  const subjects = useContactSubjects();
  const send = useEmailUs();
  const [dialCode, setDialCode] = useState<DialCode>({
    iso2: details?.mobileAreaCode || DEFAULT_AREA_CODE,
    dialCode: details?.mobileNoPrefix || DEFAULT_DIAL_CODE,
  });
  const form = useForm(
    FIELDS,
    () => ({
      subject: '',
      message: '',
      firstName: details?.firstName ?? '',
      lastName: details?.lastName ?? '',
      email: details?.email ?? '',
      mobileNoPrefix: details?.mobileNoPrefix || DEFAULT_DIAL_CODE,
      mobileNo: details?.mobileNo ?? '',
      membershipNumber: formatMembershipNumber(details?.membershipNumbers[0] ?? ''),
    }),
    (values) => {
      const result = validate(contactMessageSchema, payloadOf(values), FIELDS);
      // The schema checks a given number only once the other fields pass: say it with the rest.
      const mobile = values.mobileNo.trim()
        ? mobileError(values.mobileNoPrefix, values.mobileNo)
        : undefined;
      if (!result.ok && mobile) result.errors.mobileNo ??= messageText(mobile);
      return result;
    },
  );

  const { focus } = form;
  useEffect(() => {
    if (focusOnMount) focus('subject');
  }, [focus, focusOnMount]);

  const changeDialCode = (value: DialCode) => {
    setDialCode(value);
    form.setValue('mobileNoPrefix', value.dialCode);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const data = form.submit();
    if (!data) return;
    send.mutate(data, {
      onSuccess: (result) => onSent(result.replyWorkingDays),
      onError: (error) => {
        if (isApiError(error, 'invalidRequest')) form.showFieldErrors(error.fields);
      },
    });
  };

  const subjectField = form.field('subject');
  return (
    <Form onSubmit={onSubmit} busy={send.isPending}>
      <Field label={t('contactForm.subject')} error={subjectField.error}>
        {(control) => (
          <select
            {...control}
            ref={subjectField.ref}
            className="field__input"
            name="subject"
            value={subjectField.value}
            onChange={(event) => subjectField.onChange(event.target.value)}
          >
            <option value="">{t('contactForm.chooseSubject')}</option>
            {(subjects.data ?? []).map((subject) => (
              <option key={subject.id} value={subject.id}>
                {subject.text}
              </option>
            ))}
          </select>
        )}
      </Field>
      <MessageField {...form.field('message')} label={t('contactForm.message')} />
      <NameFields firstName={form.field('firstName')} lastName={form.field('lastName')} />
      <EmailField {...form.field('email')} label={t('contactForm.email')} />
      <fieldset className="contact-form__group">
        <legend>{t('contactForm.mobileGroup')}</legend>
        <MobileFields
          dialCode={dialCode}
          onDialCodeChange={changeDialCode}
          dialCodeError={form.errors.mobileNoPrefix}
          dialCodeRef={form.field('mobileNoPrefix').ref}
          mobile={form.field('mobileNo')}
        />
      </fieldset>
      <MembershipNumberField
        {...form.field('membershipNumber')}
        label={t('contactForm.membershipNumber')}
      />
      <FormError error={send.error} />
      <SubmitButton busy={send.isPending}>{t('contactForm.send')}</SubmitButton>
      <FormStatus>{send.isPending ? t('contactForm.sending') : null}</FormStatus>
    </Form>
  );
}
