import { queryOptions, useQuery } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/password';
import { callQueryOptions } from '@/shared/api/query-options';

/** Whether the reset link can still be used (POST /user/pwd/reset/check/token). */
export const getCheckResetTokenQueryOptions = (uuid: string) =>
  queryOptions({
    ...callQueryOptions(callDescriptors.checkResetToken, { uuid }),
    // A link is used up by the reset: ask afresh each time the page opens.
    staleTime: 0,
    gcTime: 0,
  });

export const useCheckResetToken = (uuid: string) => useQuery(getCheckResetTokenQueryOptions(uuid));
