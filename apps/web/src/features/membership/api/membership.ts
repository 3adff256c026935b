import type { Membership, OrderState } from '@portal/contract';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/membership';
import { callApiFile } from '@/shared/api/api-client';
import { callMutationOptions, callQueryOptions } from '@/shared/api/query-options';

const quiet = { serverErrorOverlay: false } as const;

/** Whether the email is verified and the membership in use (POST /membership/status). */
export const membershipStatusQueryOptions = () =>
  queryOptions({ ...callQueryOptions(callDescriptors.membershipStatus), meta: quiet });
export const useMembershipStatus = () => useQuery(membershipStatusQueryOptions());

/** Every membership of the member, the one in use first (POST /membership/list). */
export const membershipListQueryOptions = () =>
  queryOptions({ ...callQueryOptions(callDescriptors.membershipList), meta: quiet });
export const useMembershipList = () => useQuery(membershipListQueryOptions());

/** What the membership in use can buy (POST /membership/charge-price/get). */
export const useChargePrices = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...callQueryOptions(callDescriptors.chargePrices), meta: quiet, enabled });

/** After a change (the server may answer the memberships): the list and the status read anew. */
export function membershipsChanged(queryClient: QueryClient, memberships?: Membership[]): void {
  if (memberships) queryClient.setQueryData(membershipListQueryOptions().queryKey, memberships);
  void queryClient.invalidateQueries({ queryKey: membershipStatusQueryOptions().queryKey });
  void queryClient.invalidateQueries({ queryKey: membershipListQueryOptions().queryKey });
}

function useMembershipsChanged() {
  const queryClient = useQueryClient();
  return (memberships?: Membership[]) => membershipsChanged(queryClient, memberships);
}

export function useSwitchMembership() {
  const changed = useMembershipsChanged();
  return useMutation({
    ...callMutationOptions(callDescriptors.switchMembership),
    meta: quiet,
    onSuccess: changed,
  });
}

export const useCheckMembershipNumber = () =>
  useMutation({ ...callMutationOptions(callDescriptors.checkMembershipNumber), meta: quiet });

export function useAddMembership() {
  const changed = useMembershipsChanged();
  return useMutation({
    ...callMutationOptions(callDescriptors.addMembership),
    meta: quiet,
    onSuccess: changed,
  });
}

/** Buying: the order's state (fulfilled, authenticate, pending or failed). */
export function usePrepareOrder() {
  const changed = useMembershipsChanged();
  return useMutation({
    ...callMutationOptions(callDescriptors.prepareMembershipOrder),
    meta: quiet,
    onSuccess: (state: OrderState) => {
      if (state.outcome === 'fulfilled') changed();
    },
  });
}

export const orderStateQueryOptions = (orderId: string) =>
  queryOptions({
    ...callQueryOptions(callDescriptors.checkMembershipPayment, { orderId }),
    meta: quiet,
  });

/** The membership certificate (POST /membership/pdf-stream). */
export const useDownloadCertificate = () =>
  useMutation({
    mutationKey: [callDescriptors.membershipCertificate.path],
    mutationFn: (dpid: string) => callApiFile(callDescriptors.membershipCertificate, { dpid }),
    meta: quiet,
  });

/** The digital card's parts for the device (POST /membership/digital-card). */
export const digitalCardQueryOptions = () =>
  queryOptions({
    ...callQueryOptions(callDescriptors.digitalCard),
    meta: quiet,
    // Offline the page shows the card kept on the device; no retries hold it up.
    retry: false,
    networkMode: 'always',
  });

export { callDescriptors as membershipCalls };
