import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/bookings';
import { callMutationOptions, callQueryKey, callQueryOptions } from '@/shared/api/query-options';

const quiet = { serverErrorOverlay: false } as const;

/** The member's live waiting-list entries (POST /lounge/waitlist/list). */
export const useWaitlist = () =>
  useQuery({ ...callQueryOptions(callDescriptors.listWaitlist), meta: quiet });

/** Leaves one waiting list (POST /lounge/waitlist/leave); the entries follow. */
export const useLeaveWaitlist = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...callMutationOptions(callDescriptors.leaveWaitlist),
    meta: quiet,
    // Left, or gone meanwhile (notFound): either way the list is asked again.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: callQueryKey(callDescriptors.listWaitlist) }),
  });
};
