import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/registration';
import { callMutationOptions } from '@/shared/api/query-options';

/** Step 1: the membership number opens a registration session (POST /reg-activation/verify-card). */
export const useVerifyCard = () => useMutation(callMutationOptions(callDescriptors.verifyCard));
