import { NameFields } from '@/shared/forms/name-fields';
import type { SendType } from '@portal/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { paths } from '@/shared/config/paths';
import type { DialCode } from '@/shared/forms/dial-code-select';
import { EmailField } from '@/shared/forms/email-field';
import { checkRules } from '@/shared/forms/field-errors';
import { emailError, nameError } from '@/shared/forms/field-rules';
import { mobileError } from '@/shared/forms/mobile-rule';
import { Form, FormStatus, SubmitButton } from '@/shared/forms/form';
import { MobileFields } from '@/shared/forms/mobile-fields';
import { useForm } from '@/shared/forms/use-form';
import { CodeEntryModal } from '@/shared/verification/code-entry-modal';
import { SendTypeChoice } from '@/shared/verification/send-type-choice';
import { useCheckUserInfo } from '../api/check-user-info';
import { useRegistrationCode } from '../hooks/use-registration-code';
import { SIGN_UP_NS } from '../i18n';
import { saveSignUpDraft, type DetailsDraft } from '../lib/sign-up-draft';
import { BackButton } from './back-button';
import { ConfirmDetailsModal } from './confirm-details-modal';
import { NoticeModal } from './notice-modal';
import { StepHeading } from './step-heading';

const FIELDS = ['firstName', 'lastName', 'email', 'mobileNo'] as const;

interface PersonalDetailsStepProps {
  uuid: string;
  initial: DetailsDraft;
  focusHeading: boolean;
  /** The code was right. */
  onVerified: () => void;
  onBack: () => void;
  onSessionTimeout: () => void;
  onUnexpected: (error: Error) => void;
}

/**
 * Step 2: names as held for the membership, email, mobile and how the code should travel;
 * checked by the server, confirmed by the member, then proven with the code.
 */
export function PersonalDetailsStep({
  uuid,
  initial,
  focusHeading,
  onVerified,
  onBack,
  onSessionTimeout,
  onUnexpected,
}: PersonalDetailsStepProps) {
  const { t } = useTranslation(SIGN_UP_NS);
  const checkDetails = useCheckUserInfo();
  const code = useRegistrationCode({ uuid, onVerified, onSessionTimeout, onUnexpected });
  const [dialCode, setDialCode] = useState<DialCode>({
    iso2: initial.mobileAreaCode,
    dialCode: initial.mobileNoPrefix,
  });
  const [sendType, setSendType] = useState<SendType>(initial.sendType);
  const [confirming, setConfirming] = useState<DetailsDraft | null>(null);
  const [mismatch, setMismatch] = useState(false);
  const form = useForm(FIELDS, initial, (values) =>
    checkRules(values, {
      firstName: nameError,
      lastName: nameError,
      email: emailError,
      mobileNo: (value) => mobileError(dialCode.dialCode, value),
    }),
  );
  const { values } = form;

  useEffect(() => {
    saveSignUpDraft({
      details: {
        ...values,
        mobileNoPrefix: dialCode.dialCode,
        mobileAreaCode: dialCode.iso2,
        sendType,
      },
    });
  }, [values, dialCode, sendType]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checkDetails.isPending) return;
    const data = form.submit();
    if (!data) return;
    const details: DetailsDraft = {
      firstName: data.firstName.trim(),
      lastName: data.lastName.trim(),
      email: data.email.trim(),
      mobileNoPrefix: dialCode.dialCode,
      mobileNo: data.mobileNo.trim(),
      mobileAreaCode: dialCode.iso2,
      sendType,
    };
    checkDetails.mutate(
      { ...details, uuid },
      {
        onSuccess: () => setConfirming(details),
        onError: (error) => {
          if (isApiError(error, 'detailsMismatch', 'detailsMismatchAlt')) setMismatch(true);
          else if (isApiError(error, 'emailRegistered', 'differentEmailForAdditional')) {
            form.showServerErrors({ email: error.message });
          } else if (isApiError(error, 'mobileRegistered')) {
            form.showServerErrors({ mobileNo: error.message });
          } else if (isApiError(error, 'sessionTimedOut')) onSessionTimeout();
          else if (isApiError(error, 'invalidRequest') && error.fields?.length) {
            form.showFieldErrors(error.fields, { mobileNoPrefix: 'mobileNo' });
          } else onUnexpected(error);
        },
      },
    );
  };

  // 30034: the address has an account, where an additional membership is added after login.
  const emailRegistered =
    isApiError(checkDetails.error, 'emailRegistered') &&
    form.errors.email === checkDetails.error.message;
  const { sent } = code;

  return (
    <>
      <StepHeading focusOnMount={focusHeading}>{t('details.title')}</StepHeading>
      <Form onSubmit={onSubmit} busy={checkDetails.isPending}>
        <p className="form__intro">{t('details.intro')}</p>
        <NameFields firstName={form.field('firstName')} lastName={form.field('lastName')} />
        <div>
          <EmailField {...form.field('email')} label={t('details.email')} />
          {emailRegistered ? (
            <p className="sign-up__field-link">
              <Link to={paths.login.getHref()}>{t('details.logInToAdd')}</Link>
            </p>
          ) : null}
        </div>
        <MobileFields
          dialCode={dialCode}
          onDialCodeChange={setDialCode}
          mobile={form.field('mobileNo')}
        />
        <SendTypeChoice legend={t('details.sendBy')} value={sendType} onChange={setSendType} />
        <SubmitButton large busy={checkDetails.isPending} after={<BackButton onBack={onBack} />}>
          {t('continue')}
        </SubmitButton>
        <FormStatus>{checkDetails.isPending ? t('details.checking') : null}</FormStatus>
      </Form>
      <NoticeModal
        open={mismatch}
        title={t('checkDetails.title')}
        text={t('checkDetails.text')}
        onClose={() => setMismatch(false)}
      />
      {confirming ? (
        <ConfirmDetailsModal
          details={confirming}
          sending={code.pending}
          busySecondsLeft={code.busySecondsLeft}
          onYes={() => code.send(confirming, () => setConfirming(null))}
          onNo={() => setConfirming(null)}
        />
      ) : null}
      <CodeEntryModal
        open={sent !== null}
        sendType={sent?.target.sendType ?? sendType}
        sentTo={sent?.to ?? ''}
        onSubmit={code.verify}
        onResend={code.resend}
        onSwitch={code.switchTo}
        onClose={code.close}
      />
    </>
  );
}
