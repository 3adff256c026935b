import type { Voucher } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/offers';
import { callDescriptors as productDescriptors } from 'virtual:call-descriptors/products';
import { callApi } from '@/shared/api/api-client';
import { callFileMutationOptions, callQueryOptions } from '@/shared/api/query-options';

export type OfferKind = 'dining' | 'spa';

/** The member's vouchers: open first (POST /account/vouchers). */
export const myVouchersQueryOptions = () =>
  queryOptions({
    ...callQueryOptions(callDescriptors.myVouchers, {}),
    meta: { serverErrorOverlay: false },
  });

export const useMyVouchers = () => useQuery(myVouchersQueryOptions());

/** Redeems an offer for its voucher (POST /dining|spa/redeem-offer); the list is read again. */
export function useRedeemOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['redeem-offer'],
    mutationFn: ({ kind, id }: { kind: OfferKind; id: string }): Promise<Voucher> =>
      callApi(kind === 'spa' ? callDescriptors.redeemSpaOffer : callDescriptors.redeemDiningOffer, {
        id,
      }),
    onSuccess: (voucher) => {
      client.setQueryData(myVouchersQueryOptions().queryKey, (list) => [
        voucher,
        ...(list ?? []).filter((v) => v.code !== voucher.code),
      ]);
      void client.invalidateQueries({ queryKey: myVouchersQueryOptions().queryKey });
    },
    meta: { serverErrorOverlay: false },
  });
}

/** The offer as a PDF, with the member's voucher there today (POST /dining/offer-pdf-stream). */
export const useDownloadOfferPdf = () =>
  useMutation({
    ...callFileMutationOptions(callDescriptors.offerPdf),
    meta: { serverErrorOverlay: false },
  });

/** The offer in full (POST /dining|spa/detail): the same cache entry as its detail page. */
export const offerDetailQueryOptions = (kind: OfferKind, id: string) =>
  queryOptions({
    ...callQueryOptions(
      kind === 'spa' ? productDescriptors.spaDetail : productDescriptors.diningDetail,
      { id },
    ),
    meta: { serverErrorOverlay: false },
  });
