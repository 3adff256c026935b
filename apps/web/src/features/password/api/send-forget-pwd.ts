import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/password';
import { callMutationOptions } from '@/shared/api/query-options';

/** Sends a forgotten-password code by email or SMS (POST /user/send-forget-pwd-new/v2). */
export const useSendForgetPwd = () =>
  useMutation(callMutationOptions(callDescriptors.sendForgetPwd));
