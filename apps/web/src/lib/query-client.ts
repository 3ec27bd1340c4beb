// The one TanStack Query cache for server state. Only signed-in screens use it, so it loads with
// them and stays out of the login page's JavaScript.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/errors.ts';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will answer the same again; a network blip or a 5xx is worth two more tries.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
