import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/password';
import { callMutationOptions } from '@/shared/api/query-options';

/** Trades the 6-digit code for a reset token (POST /user/verify-captcha-by-forget-pwd). */
export const useVerifyForgetPwdCode = () =>
  useMutation(callMutationOptions(callDescriptors.verifyForgetPwdCode));
