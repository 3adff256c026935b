import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/registration';
import { callMutationOptions } from '@/shared/api/query-options';

/** Step 2: the details against the membership holder (POST /reg-activation/check-user-info). */
export const useCheckUserInfo = () =>
  useMutation(callMutationOptions(callDescriptors.checkUserInfo));
