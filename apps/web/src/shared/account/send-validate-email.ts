import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/user';
import { callMutationOptions } from '../api/query-options';

/** Emails the member a verification link (POST /user/send-validate-email); may answer codeBusy. */
export const useSendValidateEmail = () =>
  useMutation(callMutationOptions(callDescriptors.sendValidateEmail));
