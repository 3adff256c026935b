import { queryOptions, useQuery } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/user';
import { callQueryOptions } from '@/shared/api/query-options';

/** Whether the member's email is verified (POST /user/email-validate-status). */
export const getEmailValidateStatusQueryOptions = () =>
  queryOptions({
    ...callQueryOptions(callDescriptors.emailValidateStatus),
    // Verification happens in another tab (the email link): always ask afresh.
    staleTime: 0,
  });

export const useEmailValidateStatus = () => useQuery(getEmailValidateStatusQueryOptions());
