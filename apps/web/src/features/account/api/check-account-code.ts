import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/account';
import { callMutationOptions } from '@/shared/api/query-options';

/** Checks the code sent to a new email or mobile (POST /account/check-verification-code). */
export const useCheckAccountCode = () =>
  useMutation(callMutationOptions(callDescriptors.checkAccountCode));
