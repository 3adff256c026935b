import { CODE_REQUEST_WAIT_SECONDS } from '@portal/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError, type FieldError } from '../api/api-errors';
import { useWaitUntil } from './use-wait-until';

/** A send-code call's mutation (it answers where the code went, masked). */
type SendMutation<T> = Pick<
  UseMutationResult<{ to: string }, Error, T>,
  'mutate' | 'mutateAsync' | 'isPending' | 'error'
>;

/** Where a code went: the target it was sent to, and how the server shows it ("j•••@…"). */
export interface SentCode<T> {
  target: T;
  to: string;
}

interface SendOptions {
  onSent?: (to: string) => void;
  /** Any error but codeBusy, which starts the busy wait. */
  onError?: (error: Error) => void;
}

/** A form that gives where to send the code (e.g. useCodeTargetForm). */
interface TargetForm<T> {
  submit: () => T | undefined;
  showFieldErrors: (fields: FieldError[] | undefined) => void;
}

/**
 * Sending a one-time code, then the same again from the code modal: where it went (the modal is
 * open while `sent` is set), and the busy wait of spec section 8 (codeBusy), kept across reloads.
 * Two mutations, so a failed resend does not show as the form's error.
 */
export function useCodeSending<T>(send: SendMutation<T>, resend: SendMutation<T>) {
  const busy = useWaitUntil('busyAs', CODE_REQUEST_WAIT_SECONDS);
  const [sent, setSent] = useState<SentCode<T> | null>(null);
  const busySecondsLeft = busy.secondsLeft;
  const blocked = send.isPending || busySecondsLeft > 0;

  const sendAgainTo = async (target: T) => {
    const result = await resend.mutateAsync(target);
    setSent({ target, to: result.to });
  };

  const sendTo = (target: T, { onSent, onError }: SendOptions = {}) =>
    send.mutate(target, {
      onSuccess: (result) => {
        setSent({ target, to: result.to });
        onSent?.(result.to);
      },
      onError: (error) => {
        if (isApiError(error, 'codeBusy')) busy.start(error.time);
        else onError?.(error);
      },
    });

  return {
    sent,
    pending: send.isPending,
    busySecondsLeft,
    /** A submit now would do nothing: a send is on its way, or requests must wait. */
    blocked,
    /** The send's error, but for codeBusy, which the busy wait shows. */
    error: isApiError(send.error, 'codeBusy') ? null : send.error,
    send: sendTo,
    /**
     * A submit of the target form: unless blocked, checks it and sends to it; the server's field
     * messages go on its fields. Whether it sent.
     */
    submit: (form: TargetForm<T>, onSent?: (to: string) => void): boolean => {
      if (blocked) return false;
      const target = form.submit();
      if (!target) return false;
      sendTo(target, {
        onSent,
        onError: (error) => {
          if (isApiError(error, 'invalidRequest')) form.showFieldErrors(error.fields);
        },
      });
      return true;
    },
    /** For the code modal's Resend: the same target again. */
    resend: async () => {
      if (sent) await sendAgainTo(sent.target);
    },
    /** For the code modal's switch (sms or email): a new code to another target. */
    sendAgainTo,
    close: () => setSent(null),
  };
}
