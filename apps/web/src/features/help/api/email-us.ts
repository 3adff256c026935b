import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/account';
import { callMutationOptions } from '@/shared/api/query-options';

/** Sends a member's message to support (POST /account/contact-us/email-us). */
export const useEmailUs = () => useMutation(callMutationOptions(callDescriptors.emailUs));
