import type { calls, PayloadOf } from '@portal/contract';
import { callDescriptors } from 'virtual:call-descriptors/products';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/shared/api/query-options';

export type FastTrackFilter = PayloadOf<typeof calls.fastTrackList>;

/** The fast-track lanes at an airport, optionally one terminal, one page (POST /fast-track/list). */
export const getFastTrackQueryOptions = (filter: FastTrackFilter) =>
  queryOptions({
    ...callQueryOptions(callDescriptors.fastTrackList, filter),
    placeholderData: keepPreviousData,
  });

export const useFastTrack = (filter: FastTrackFilter, enabled = true) =>
  useQuery({ ...getFastTrackQueryOptions(filter), enabled });
