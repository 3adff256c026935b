import type { SendType } from '@portal/contract';
import { useState } from 'react';
import { isApiError } from '@/shared/api/api-errors';
import { useCodeSending } from '@/shared/verification/use-code-sending';
import { useCheckRegistrationCode, useSendRegistrationCode } from '../api/registration-code';
import type { DetailsDraft } from '../lib/sign-up-draft';

interface RegistrationCodeOptions {
  uuid: string;
  /** The code was right: on to the password. */
  onVerified: () => void;
  /** sessionTimedOut (30010): back a step, with the session modal. */
  onSessionTimeout: () => void;
  onUnexpected: (error: Error) => void;
}

type Details = Pick<DetailsDraft, 'email' | 'mobileNoPrefix' | 'mobileNo'>;

/** Where send-random-code sends: the checked email, or the checked mobile number. */
const targetOf = (uuid: string, details: Details, sendType: SendType) =>
  sendType === 'email'
    ? { uuid, sendType, email: details.email }
    : { uuid, sendType, mobileNoPrefix: details.mobileNoPrefix, mobileNo: details.mobileNo };

/**
 * The registration code (spec section 4, steps 3 and 4): sent once the details are confirmed,
 * then resent or switched between sms and email from the code modal, and checked there.
 */
export function useRegistrationCode({
  uuid,
  onVerified,
  onSessionTimeout,
  onUnexpected,
}: RegistrationCodeOptions) {
  const sending = useCodeSending(useSendRegistrationCode(), useSendRegistrationCode());
  const check = useCheckRegistrationCode();
  const [details, setDetails] = useState<Details | null>(null);

  const timedOut = () => {
    sending.close();
    onSessionTimeout();
  };

  /** A modal action: the session's end leaves the modal; other errors show in it. */
  const inModal = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (error) {
      if (!isApiError(error, 'sessionTimedOut')) throw error;
      timedOut();
    }
  };

  return {
    sent: sending.sent,
    pending: sending.pending,
    blocked: sending.blocked,
    busySecondsLeft: sending.busySecondsLeft,
    /** Sends the first code to the confirmed details; onSent once it has gone. */
    send: (confirmed: Details & { sendType: SendType }, onSent: () => void) => {
      if (sending.blocked) return;
      setDetails(confirmed);
      sending.send(targetOf(uuid, confirmed, confirmed.sendType), {
        onSent,
        onError: (error) => {
          if (isApiError(error, 'sessionTimedOut')) onSessionTimeout();
          else onUnexpected(error);
        },
      });
    },
    verify: (code: string) =>
      inModal(async () => {
        await check.mutateAsync({ uuid, verifiCode: code });
        sending.close();
        onVerified();
      }),
    resend: () => inModal(sending.resend),
    switchTo: (sendType: SendType) =>
      inModal(async () => {
        if (details) await sending.sendAgainTo(targetOf(uuid, details, sendType));
      }),
    close: sending.close,
  };
}
