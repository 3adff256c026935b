import type { Issuer } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/home';
import { callQueryOptions } from '../api/query-options';
import { useIssuer } from '../issuer/use-issuer';

/** The channel's home-page configuration (POST /index/agent-config/v3): one fetch a visit. */
export const getAgentConfigQueryOptions = (channel: Issuer) =>
  queryOptions({
    ...callQueryOptions(callDescriptors.agentConfigV3, { channel }),
    staleTime: Infinity,
    // Every page shows without it (the ribbon and notices simply wait), so no overlay.
    meta: { serverErrorOverlay: false },
  });

export const useAgentConfig = () => useQuery(getAgentConfigQueryOptions(useIssuer()));
