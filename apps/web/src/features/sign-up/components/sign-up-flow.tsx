import { REGISTRATION_STEPS } from '@portal/contract';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useLocation, useNavigate } from '@/shared/router';
import { isServerFault } from '@/shared/api/api-errors';
import { paths } from '@/shared/config/paths';
import { lazyNamed } from '@/shared/lib/lazy-named';
import { whenIdle } from '@/shared/lib/when-idle';
import { brandForMember } from '@/shared/issuer/resolve-issuer';
import { saveLogin } from '@/shared/storage/login-state';
import { storage } from '@/shared/storage/storage';
import { StepProgress } from '@/shared/ui/step-progress';
import { SIGN_UP_NS } from '../i18n';
import {
  clearSignUpDrafts,
  endRegistrationSession,
  readSignUpDraft,
  saveSignUpDraft,
  type FormStep,
} from '../lib/sign-up-draft';
import type { Registered } from './create-password-step';
import { MembershipNumberStep } from './membership-number-step';
import { NoticeModal } from './notice-modal';
import { SuccessStep } from './success-step';

// Loaded after the first step: the mobile number rules bring the phone number metadata.
const PersonalDetailsStep = lazyNamed(
  () => import('./personal-details-step'),
  'PersonalDetailsStep',
);
const CreatePasswordStep = lazyNamed(() => import('./create-password-step'), 'CreatePasswordStep');
// Loaded as the global overlay loads it, so the two share one chunk.
const ServerErrorDialog = lazyNamed(
  () => import('@/shared/ui/server-error-dialog'),
  'ServerErrorDialog',
);

type Step = FormStep | 3;

/** The only step the progress can go back to by its marker (spec section 2). */
const FIRST_STEP = [0] as const;

/**
 * The registration (spec section 4): number, details with their code, password, success.
 * The step and what was typed are kept for the tab (signUpDraft), so a reload resumes them.
 */
export function SignUpFlow({ cardOffer }: { cardOffer?: ReactNode }) {
  const { t } = useTranslation(SIGN_UP_NS);
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<Step>(() => readSignUpDraft().step);
  // The first step shown is the page's own; each one after it takes focus to its heading.
  const [moved, setMoved] = useState(false);
  const [registered, setRegistered] = useState<Registered | null>(null);
  const [sessionEnded, setSessionEnded] = useState(false);
  const [failed, setFailed] = useState(false);
  const draft = readSignUpDraft();
  const uuid = storage.get('ASuuid') ?? '';

  useEffect(
    () =>
      whenIdle(() => {
        PersonalDetailsStep.preload();
        CreatePasswordStep.preload();
      }),
    [],
  );

  const goTo = (next: Step) => {
    if (next !== 3) saveSignUpDraft({ step: next });
    setStep(next);
    setMoved(true);
  };

  const back = () => {
    if (step > 0) goTo((step - 1) as FormStep);
    // Back from the first step: the page before, or home when the visit began here.
    else if (location.key === 'default') void navigate(paths.home.getHref());
    else void navigate(-1);
  };

  const onSessionTimeout = () => {
    endRegistrationSession();
    goTo(0);
    setSessionEnded(true);
  };

  // Faults (network, 5xx) already show the global overlay.
  const onUnexpected = (error: Error) => {
    if (!isServerFault(error)) setFailed(true);
  };

  const onCreated = (result: Registered) => {
    const { token, tokenExpirySeconds, userInfo, membership, isFirstLogin } = result;
    // A new account's first login: its add-a-card invitation shows after the finish screen.
    saveLogin({ token, tokenExpirySeconds, userInfo, isFirstLogin });
    brandForMember(result.issuer);
    storage.set('mbInfo', membership);
    clearSignUpDrafts();
    setRegistered(result);
    goTo(3);
  };

  const common = { focusHeading: moved, onBack: back, onUnexpected };

  return (
    <>
      {step < 3 ? (
        <StepProgress
          label={t('progress.label')}
          text={t('progress.text', { n: step + 1, count: REGISTRATION_STEPS })}
          steps={[
            t('progress.steps.number'),
            t('progress.steps.details'),
            t('progress.steps.password'),
          ]}
          stepLabel={(n) => t('progress.step', { n })}
          current={step}
          selectable={FIRST_STEP}
          onSelect={() => goTo(0)}
        />
      ) : null}
      <Suspense fallback={null}>
        {step === 0 ? (
          <MembershipNumberStep
            {...common}
            initialNumber={draft.dpid}
            onVerified={(newUuid, dpid) => {
              storage.set('ASuuid', newUuid);
              storage.set('mbNum', dpid);
              goTo(1);
            }}
          />
        ) : step === 1 ? (
          <PersonalDetailsStep
            {...common}
            uuid={uuid}
            initial={draft.details}
            onVerified={() => goTo(2)}
            onSessionTimeout={onSessionTimeout}
          />
        ) : step === 2 ? (
          <CreatePasswordStep
            {...common}
            uuid={uuid}
            onCreated={onCreated}
            onSessionTimeout={onSessionTimeout}
          />
        ) : registered ? (
          <SuccessStep
            firstName={registered.userInfo.firstName}
            membership={registered.membership}
            cardOffer={cardOffer}
          />
        ) : null}
      </Suspense>
      <NoticeModal
        open={sessionEnded}
        title={t('sessionTimeout.title')}
        text={t('sessionTimeout.text')}
        onClose={() => setSessionEnded(false)}
      />
      {failed ? (
        <Suspense fallback={null}>
          <ServerErrorDialog
            open
            onRetry={() => setFailed(false)}
            onOpenChange={(open) => setFailed(open)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
