import { CODE_REQUEST_WAIT_SECONDS } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/account';
import { isApiError } from '@/shared/api/api-errors';
import { callMutationOptions } from '@/shared/api/query-options';
import { startWait } from '@/shared/verification/use-wait-until';

/**
 * Sends a code to the member's new email address (POST /account/verify-email); too many
 * requests (codeBusy) start the wait kept under newEmailBusy (spec section 3).
 */
export const useVerifyNewEmail = () =>
  useMutation({
    ...callMutationOptions(callDescriptors.verifyNewEmail),
    onError: (error) => {
      if (isApiError(error, 'codeBusy')) {
        startWait('newEmailBusy', error.time, CODE_REQUEST_WAIT_SECONDS);
      }
    },
  });
