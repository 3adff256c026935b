import type { Issuer } from '@portal/contract';
import { callDescriptors } from 'virtual:call-descriptors/help';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/shared/api/query-options';

/** Every FAQ of the channel with its categories (POST /faq/list); searched in the browser. */
export const getFaqsQueryOptions = (channel: Issuer) =>
  queryOptions({
    ...callQueryOptions(callDescriptors.faqList, { channel }),
    staleTime: 10 * 60_000,
  });

export const useFaqs = (channel: Issuer) => useQuery(getFaqsQueryOptions(channel));
