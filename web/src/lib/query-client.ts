import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/** Data defaults of the specification (document 1 §9): never stale, no refetching, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
