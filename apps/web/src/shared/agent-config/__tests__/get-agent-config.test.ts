import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { calledUrls, envelope, mockApi, quietAgentConfig } from '@/testing/mock-api';
import { createQueryClient } from '@/shared/api/query-client';
import { getAgentConfigQueryOptions } from '../get-agent-config';

describe('the channel configuration query', () => {
  it('is asked once though its only observer goes while it is under way (a fallback replaced by its page)', async () => {
    let answer!: () => void;
    const fetchMock = mockApi({
      '/index/agent-config/v3': () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(envelope({ ...quietAgentConfig, channel: 'natwest' }));
        }),
    });
    const queryClient = createQueryClient();
    const options = getAgentConfigQueryOptions('natwest');
    // Asked at the start (main.tsx), before any page observes it.
    const asked = queryClient.prefetchQuery(options);
    // The loading frame observes it, then goes before the answer has come.
    const fallback = new QueryObserver(queryClient, options);
    const stopFallback = fallback.subscribe(() => {});
    await Promise.resolve();
    stopFallback();
    // The page comes and observes it in its turn.
    const page = new QueryObserver(queryClient, options);
    const stopPage = page.subscribe(() => {});
    answer();
    await asked;
    await queryClient.fetchQuery(options);

    const configCalls = calledUrls(fetchMock).filter((url) =>
      url.endsWith('/index/agent-config/v3'),
    );
    expect(configCalls).toHaveLength(1);
    expect(page.getCurrentResult().data?.channel).toBe('natwest');
    stopPage();
  });
});
