import { callDescriptors } from 'virtual:call-descriptors/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/shared/api/query-options';

/** Confirms the address from the emailed link (POST /user/validate/email): once per page. */
export const getValidateEmailQueryOptions = (uuid: string) =>
  queryOptions({
    ...callQueryOptions(callDescriptors.validateEmail, { uuid }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useValidateEmail = (uuid: string) => useQuery(getValidateEmailQueryOptions(uuid));
