import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/login';
import { callMutationOptions } from '@/shared/api/query-options';

/** Sends a one-time login code by email or SMS (POST /login/send-random-code); may answer codeBusy. */
export const useSendLoginCode = () =>
  useMutation(callMutationOptions(callDescriptors.sendLoginCode));

/** Logs in with the code (POST /login/check-verifi-code). */
export const useCheckLoginCode = () =>
  useMutation(callMutationOptions(callDescriptors.checkLoginCode));
