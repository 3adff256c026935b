import { CODE_REQUEST_WAIT_SECONDS, type MyDetails, type SendType } from '@portal/contract';
import { useRef, useState } from 'react';
import { isApiError, type FieldError } from '@/shared/api/api-errors';
import type { FieldErrors } from '@/shared/forms/field-errors';
import { secondsUntil } from '@/shared/lib/use-countdown';
import { storage } from '@/shared/storage/storage';
import type { SentCode } from '@/shared/verification/use-code-sending';
import { useWaitUntil } from '@/shared/verification/use-wait-until';
import { useCheckAccountCode } from '../api/check-account-code';
import { useSaveMyDetails } from '../api/save-my-details';
import { useVerifyNewEmail } from '../api/verify-new-email';
import { useVerifyNewMobile } from '../api/verify-new-mobile';
import {
  changedTargets,
  codeCheckOf,
  targetKey,
  type ChangeTarget,
  type DetailsPayload,
} from '../lib/detail-changes';

/** The server takes a confirmed target for 30 minutes; a little less here, to be safe. */
const CONFIRMED_FOR_MS = 25 * 60 * 1000;

const BUSY_KEY = { email: 'newEmailBusy', sms: 'newMobileBusy' } as const satisfies Record<
  SendType,
  string
>;

/** One save: what is sent, and the targets to confirm first. */
interface SaveRun {
  payload: DetailsPayload;
  targets: ChangeTarget[];
  /** The server asked for the codes again (30050) once already. */
  retried: boolean;
}

export type DetailsChangeStep = 'idle' | 'sending' | 'code' | 'saving';

interface DetailsChangeOptions {
  /** The profile as loaded: what changed is measured against it. */
  current: MyDetails;
  onSaved: (details: MyDetails) => void;
  /** 30034 and 30033: the address or number belongs to another account. */
  onTaken: (errors: FieldErrors<'email' | 'mobileNo'>) => void;
  /** The server's messages by payload path (invalidRequest). */
  onInvalid: (fields: FieldError[] | undefined) => void;
}

/**
 * Saving the profile: a new email and a new mobile are each confirmed with a code first (one
 * after the other, in the one code modal), then my-details/save. Too many code requests wait
 * under newEmailBusy / newMobileBusy (spec section 3); a confirmation the server no longer
 * holds (30050) asks for new codes, once.
 */
export function useDetailsChange({ current, onSaved, onTaken, onInvalid }: DetailsChangeOptions) {
  const verifyEmail = useVerifyNewEmail();
  const verifyMobile = useVerifyNewMobile();
  const check = useCheckAccountCode();
  const save = useSaveMyDetails();
  const emailBusy = useWaitUntil(BUSY_KEY.email, CODE_REQUEST_WAIT_SECONDS);
  const mobileBusy = useWaitUntil(BUSY_KEY.sms, CODE_REQUEST_WAIT_SECONDS);
  const [step, setStep] = useState<DetailsChangeStep>('idle');
  const [sent, setSent] = useState<(SentCode<ChangeTarget> & { round: number }) | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busyType, setBusyType] = useState<SendType | null>(null);
  const run = useRef<SaveRun | null>(null);
  const rounds = useRef(0);
  const confirmed = useRef(new Map<string, number>());

  const isConfirmed = (target: ChangeTarget) =>
    Date.now() - (confirmed.current.get(targetKey(target)) ?? -Infinity) < CONFIRMED_FOR_MS;

  const sendCode = (target: ChangeTarget) =>
    target.sendType === 'email'
      ? verifyEmail.mutateAsync({ email: target.email })
      : verifyMobile.mutateAsync({
          mobileNoPrefix: target.mobileNoPrefix,
          mobileNo: target.mobileNo,
          mobileAreaCode: target.mobileAreaCode,
        });

  const stop = (caught: unknown) => {
    run.current = null;
    setStep('idle');
    if (isApiError(caught, 'emailRegistered')) onTaken({ email: caught.message });
    else if (isApiError(caught, 'mobileRegistered')) onTaken({ mobileNo: caught.message });
    else if (isApiError(caught, 'invalidRequest') && caught.fields?.length) {
      onInvalid(caught.fields);
    } else if (!isApiError(caught, 'codeBusy')) setError(caught);
  };

  const saveNow = async (saving: SaveRun) => {
    setStep('saving');
    try {
      const details = await save.mutateAsync(saving.payload);
      run.current = null;
      setStep('idle');
      onSaved(details);
    } catch (caught) {
      if (
        isApiError(caught, 'verificationRequired') &&
        !saving.retried &&
        saving.targets.length > 0
      ) {
        confirmed.current.clear();
        setError(caught);
        await proceed({ ...saving, retried: true });
      } else {
        stop(caught);
      }
    }
  };

  /** The next target to confirm gets its code; once none is left, the details are saved. */
  const proceed = async (saving: SaveRun): Promise<void> => {
    run.current = saving;
    const target = saving.targets.find((t) => !isConfirmed(t));
    if (!target) return saveNow(saving);
    if (secondsUntil(storage.get(BUSY_KEY[target.sendType])) > 0) {
      setBusyType(target.sendType);
      return stop(null);
    }
    setStep('sending');
    try {
      const result = await sendCode(target);
      rounds.current += 1;
      setSent({ target, to: result.to, round: rounds.current });
      setStep('code');
    } catch (caught) {
      if (isApiError(caught, 'codeBusy')) setBusyType(target.sendType);
      stop(caught);
    }
  };

  const busySecondsLeft =
    busyType === 'email' ? emailBusy.secondsLeft : busyType === 'sms' ? mobileBusy.secondsLeft : 0;

  return {
    step,
    /** A save is under way (sending, waiting for a code, saving): Save does nothing. */
    pending: step !== 'idle',
    /** Where the code went, while the code modal is open; each first send is a new round. */
    sent,
    /** What went wrong that no field shows. */
    error,
    /** The wait before another code may be asked for the changed email or mobile. */
    busySecondsLeft,
    submit: (payload: DetailsPayload) => {
      if (step !== 'idle') return;
      setError(null);
      setBusyType(null);
      void proceed({ payload, targets: changedTargets(current, payload), retried: false });
    },
    /** The code modal's check; its errors (wrong, expired, locked) stay in the modal. */
    verify: async (code: string) => {
      const saving = run.current;
      if (!saving || !sent) return;
      await check.mutateAsync(codeCheckOf(sent.target, code));
      confirmed.current.set(targetKey(sent.target), Date.now());
      setSent(null);
      void proceed(saving);
    },
    /** The code modal's Resend: a new code to the same target (codeBusy shows in the modal). */
    resend: async () => {
      if (!sent) return;
      const result = await sendCode(sent.target);
      setSent({ ...sent, to: result.to });
    },
    /** Closing the code modal stops the save; the form keeps what was typed. */
    cancel: () => {
      run.current = null;
      setSent(null);
      setStep('idle');
    },
  };
}
