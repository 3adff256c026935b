import type { Issuer } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/home';
import { callApi } from '../api/api-client';
import { callQueryKey } from '../api/query-options';
import { useIssuer } from '../issuer/use-issuer';

/** The channel's home-page configuration (POST /index/agent-config/v3): one fetch a visit. */
export const getAgentConfigQueryOptions = (channel: Issuer) =>
  queryOptions({
    queryKey: callQueryKey(callDescriptors.agentConfigV3, { channel }),
    // Without the abort signal: React Query cancels a call that takes its signal when its last
    // observer goes, and asks again with the next. This one is asked at the start, before any
    // page observes it, and every frame uses it: a frame replaced by the next while it was under
    // way (a lazy page's fallback by the page) cancelled it and it went out twice (seen in e2e).
    queryFn: () => callApi(callDescriptors.agentConfigV3, { channel }),
    staleTime: Infinity,
    // Every page shows without it (the ribbon and notices simply wait), so no overlay.
    meta: { serverErrorOverlay: false },
  });

export const useAgentConfig = () => useQuery(getAgentConfigQueryOptions(useIssuer()));
