import { removeWhitespace } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/account';
import { callApi } from '@/shared/api/api-client';
import { encryptPassword } from '@/shared/crypto/encrypt-password';

/**
 * Deletes the member's account (POST /account/delete-account) once the password is given again.
 * Passwords are set without whitespace (spec section 5), so it is left out as at login; the
 * password travels encrypted.
 */
export const useDeleteAccount = () =>
  useMutation({
    mutationKey: [callDescriptors.deleteAccount.path],
    mutationFn: async (password: string) =>
      callApi(callDescriptors.deleteAccount, {
        password: await encryptPassword(removeWhitespace(password)),
      }),
  });
