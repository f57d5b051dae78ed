import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** Retries only failures that may pass on a second try (network errors and 5xx), never refusals. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && (!(error instanceof ApiError) || error.isNetworkError || error.status >= 500);

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
