import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/password';
import { callApi } from '@/shared/api/api-client';
import { encryptPassword } from '@/shared/crypto/encrypt-password';

export interface ResetPasswordInput {
  uuid: string;
  /** In clear: encrypted here, just before it is sent. */
  password: string;
}

/** Sets the new password with the reset token (POST /user/reset-pwd). */
export const useResetPwd = () =>
  useMutation({
    mutationKey: [callDescriptors.resetPwd.path],
    mutationFn: async ({ uuid, password }: ResetPasswordInput) =>
      callApi(callDescriptors.resetPwd, { uuid, password: await encryptPassword(password) }),
  });
