import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors';
import { callMutationOptions } from '../../../shared/api/query-options';

/** Emails the member a link to verify the address (POST /user/send-validate-email). */
export const useSendValidateEmail = () =>
  useMutation(callMutationOptions(callDescriptors.sendValidateEmail));
