import type { Issuer } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/basic';
import { callQueryOptions } from '../api/query-options';

/** The issuer's terms links, one per card type (POST /tc/link). */
export const getTermsLinksQueryOptions = (channel: Issuer) =>
  queryOptions({
    ...callQueryOptions(callDescriptors.tcLink, { channel }),
    staleTime: Infinity,
    // The footer falls back to the terms page, so a failure here need not interrupt the user.
    meta: { serverErrorOverlay: false },
  });

export const useTermsLinks = (channel: Issuer) => useQuery(getTermsLinksQueryOptions(channel));
