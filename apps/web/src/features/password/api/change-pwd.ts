import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/password';
import { callApi } from '@/shared/api/api-client';
import { encryptPassword } from '@/shared/crypto/encrypt-password';

export interface ChangePasswordInput {
  /** Both in clear: encrypted here, just before they are sent. */
  currentPassword: string;
  newPassword: string;
}

/** A member changes the password (POST /account/change-pwd). */
export const useChangePwd = () =>
  useMutation({
    mutationKey: [callDescriptors.changePwd.path],
    mutationFn: async ({ currentPassword, newPassword }: ChangePasswordInput) => {
      const [currentPwd, newPwd] = await Promise.all([
        encryptPassword(currentPassword),
        encryptPassword(newPassword),
      ]);
      return callApi(callDescriptors.changePwd, { currentPwd, newPwd });
    },
  });
