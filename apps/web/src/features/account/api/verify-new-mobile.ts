import { CODE_REQUEST_WAIT_SECONDS } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/account';
import { isApiError } from '@/shared/api/api-errors';
import { callMutationOptions } from '@/shared/api/query-options';
import { startWait } from '@/shared/verification/use-wait-until';

/**
 * Texts a code to the member's new mobile number (POST /account/verify-mobile); too many
 * requests (codeBusy) start the wait kept under newMobileBusy (spec section 3).
 */
export const useVerifyNewMobile = () =>
  useMutation({
    ...callMutationOptions(callDescriptors.verifyNewMobile),
    onError: (error) => {
      if (isApiError(error, 'codeBusy')) {
        startWait('newMobileBusy', error.time, CODE_REQUEST_WAIT_SECONDS);
      }
    },
  });
