import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/account';
import { callMutationOptions } from '@/shared/api/query-options';
import { rememberUserInfo } from '../lib/user-info';
import { getMyDetailsQueryOptions } from '@/shared/account/get-my-details';

/**
 * Saves names, email and mobile (POST /account/my-details/save); a new email or mobile must have
 * been confirmed by code first. The answer is the saved profile: it replaces the cached one and
 * the names the header shows.
 */
export const useSaveMyDetails = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...callMutationOptions(callDescriptors.saveMyDetails),
    onSuccess: (details) => {
      queryClient.setQueryData(getMyDetailsQueryOptions().queryKey, details);
      rememberUserInfo(details);
    },
  });
};
