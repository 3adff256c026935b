import { SESSION_LOCK_SECONDS, membershipNumberDigits } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { isApiError, type ApiError } from '@/shared/api/api-errors';
import { checkRules } from '@/shared/forms/field-errors';
import { membershipNumberError } from '@/shared/forms/field-rules';
import { Form, FormStatus, SubmitButton } from '@/shared/forms/form';
import { MembershipNumberField } from '@/shared/forms/membership-number-field';
import { useForm } from '@/shared/forms/use-form';
import { formatCountdown } from '@/shared/lib/use-countdown';
import { storage } from '@/shared/storage/storage';
import { useWaitUntil } from '@/shared/verification/use-wait-until';
import { WaitPanel } from '@/shared/verification/wait-panel';
import { useVerifyCard } from '../api/verify-card';
import { SIGN_UP_NS } from '../i18n';
import { saveSignUpDraft } from '../lib/sign-up-draft';
import { BackButton } from './back-button';
import { NoticeModal } from './notice-modal';
import { NumberRefusedModal } from './number-refused-modal';
import { StepHeading } from './step-heading';

const FIELDS = ['dpid'] as const;

interface MembershipNumberStepProps {
  initialNumber: string;
  focusHeading: boolean;
  onVerified: (uuid: string, dpid: string) => void;
  onBack: () => void;
  onUnexpected: (error: Error) => void;
}

/** Step 1: the 16-digit number, grouped in fours as typed, opens a registration session. */
export function MembershipNumberStep({
  initialNumber,
  focusHeading,
  onVerified,
  onBack,
  onUnexpected,
}: MembershipNumberStepProps) {
  const { t } = useTranslation(SIGN_UP_NS);
  const verify = useVerifyCard();
  // 300090: kept until it ends (newTimeAs), so a reload still waits, and says so at once.
  const lock = useWaitUntil('newTimeAs', SESSION_LOCK_SECONDS);
  const locked = lock.secondsLeft > 0;
  const [lockShown, setLockShown] = useState(locked);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const form = useForm(FIELDS, { dpid: initialNumber }, (values) =>
    checkRules(values, { dpid: membershipNumberError }),
  );
  const timer = (time: string) => t('lock.timer', { time });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked || verify.isPending) return;
    const data = form.submit();
    if (!data) return;
    const dpid = membershipNumberDigits(data.dpid);
    verify.mutate(
      { dpid },
      {
        onSuccess: ({ uuid }) => onVerified(uuid, dpid),
        onError: (error) => {
          if (isApiError(error, 'numberNotRecognised', 'membershipNotRecognised')) {
            form.showServerErrors({ dpid: error.message });
          } else if (isApiError(error, 'verifySessionLocked')) {
            lock.start(error.time);
            setLockShown(true);
          } else if (
            isApiError(
              error,
              'numberInUse',
              'numberInUseRegistered',
              'associatedAccountRegistered',
              'membershipSuspended',
            )
          ) {
            // The login page then asks for this number too.
            if (error.name === 'associatedAccountRegistered') storage.set('loginWithNum', dpid);
            setRefusal(error);
          } else if (isApiError(error, 'invalidRequest') && error.fields?.length) {
            form.showFieldErrors(error.fields);
          } else {
            onUnexpected(error);
          }
        },
      },
    );
  };

  return (
    <>
      <StepHeading focusOnMount={focusHeading}>{t('number.title')}</StepHeading>
      <Form onSubmit={onSubmit} busy={verify.isPending}>
        <p className="form__intro">{t('number.intro')}</p>
        <MembershipNumberField
          {...form.field('dpid')}
          onChange={(dpid) => {
            form.setValue('dpid', dpid);
            saveSignUpDraft({ dpid });
          }}
          label={t('number.label')}
          hint={t('number.hint')}
        />
        {locked && !lockShown ? (
          <WaitPanel
            title={t('lock.title')}
            text={t('lock.text')}
            timer={timer}
            secondsLeft={lock.secondsLeft}
          />
        ) : null}
        <SubmitButton
          large
          busy={locked || verify.isPending}
          after={<BackButton onBack={onBack} />}
        >
          {t('continue')}
        </SubmitButton>
        <FormStatus>{verify.isPending ? t('number.checking') : null}</FormStatus>
      </Form>
      <NoticeModal
        open={locked && lockShown}
        title={t('lock.title')}
        text={t('lock.text')}
        onClose={() => setLockShown(false)}
      >
        <p role="timer" className="sign-up__timer">
          {timer(formatCountdown(lock.secondsLeft))}
        </p>
      </NoticeModal>
      {refusal ? <NumberRefusedModal error={refusal} onClose={() => setRefusal(null)} /> : null}
    </>
  );
}
