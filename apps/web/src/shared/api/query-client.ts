import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isServerFault } from './api-errors';
import { serverFaults } from './api-events';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { serverErrorOverlay?: boolean };
    mutationMeta: { serverErrorOverlay?: boolean };
  }
}

const report = (error: unknown, meta: { serverErrorOverlay?: boolean } | undefined) => {
  if (meta?.serverErrorOverlay !== false && isServerFault(error)) serverFaults.emit(error);
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => report(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}
