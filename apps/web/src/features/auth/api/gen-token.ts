import { removeWhitespace } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/login';
import { callApi } from '@/shared/api/api-client';
import { encryptPassword } from '@/shared/crypto/encrypt-password';

export interface PasswordLogin {
  email: string;
  /** As typed; it travels encrypted. */
  password: string;
  /** The 16 digits, when the login asks for the membership number (loginWithNum). */
  dpid?: string | undefined;
}

/** Logs in with email and password (POST /login/gen-token). */
export async function genToken({ email, password, dpid }: PasswordLogin) {
  return callApi(callDescriptors.genToken, {
    email: email.trim(),
    // Passwords are set without whitespace (spec section 5), so it is left out here too.
    password: await encryptPassword(removeWhitespace(password)),
    ...(dpid ? { dpid } : {}),
  });
}

export const useGenToken = () =>
  useMutation({ mutationKey: [callDescriptors.genToken.path], mutationFn: genToken });
