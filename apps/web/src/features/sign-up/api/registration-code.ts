import { CODE_REQUEST_WAIT_SECONDS, type SendType } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/registration';
import { isApiError } from '@/shared/api/api-errors';
import { callMutationOptions } from '@/shared/api/query-options';
import { storage } from '@/shared/storage/storage';
import { startWait } from '@/shared/verification/use-wait-until';

/** The wait of each channel after too many code requests (spec section 3). */
const BUSY_KEY = { sms: 'newMobileBusy', email: 'newEmailBusy' } as const satisfies Record<
  SendType,
  string
>;

/**
 * Sends the registration code by SMS or email (POST /reg-activation/send-random-code). Keeps
 * the channel it went by (verType), and the channel's wait when requests must wait (codeBusy).
 */
export const useSendRegistrationCode = () =>
  useMutation({
    ...callMutationOptions(callDescriptors.sendRegistrationCode),
    onSuccess: (result) => storage.set('verType', result.sendType === 'sms' ? 'mobile' : 'email'),
    onError: (error, payload) => {
      if (isApiError(error, 'codeBusy')) {
        startWait(BUSY_KEY[payload.sendType], error.time, CODE_REQUEST_WAIT_SECONDS);
      }
    },
  });

/** Checks the 6 digits (POST /reg-activation/check-verifi-code). */
export const useCheckRegistrationCode = () =>
  useMutation(callMutationOptions(callDescriptors.checkRegistrationCode));
