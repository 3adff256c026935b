import { removeWhitespace } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/registration';
import { callApi } from '@/shared/api/api-client';
import { encryptPassword } from '@/shared/crypto/encrypt-password';

/**
 * Step 3: creates the account and logs in (POST /reg-activation/create-and-active). The password
 * travels encrypted, without whitespace (spec section 5).
 */
async function createAndActive({ uuid, password }: { uuid: string; password: string }) {
  return callApi(callDescriptors.createAndActive, {
    uuid,
    password: await encryptPassword(removeWhitespace(password)),
  });
}

export const useCreateAndActive = () =>
  useMutation({
    mutationKey: [callDescriptors.createAndActive.path],
    mutationFn: createAndActive,
  });
