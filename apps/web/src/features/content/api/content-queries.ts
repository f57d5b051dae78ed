import { useQuery } from '@tanstack/react-query';
import { fetchContent, fetchPageParameter, fetchPageParameters } from './content-api.ts';

export const useAboutContent = () =>
  useQuery({ queryKey: ['content'], queryFn: ({ signal }) => fetchContent(signal), staleTime: 5 * 60_000 });

/** One page parameter; `data` is null when the server does not reveal it. */
export const usePageParameter = (name: string) =>
  useQuery({
    queryKey: ['page-parameter', name],
    queryFn: ({ signal }) => fetchPageParameter(name, signal),
    enabled: name !== '',
    staleTime: 5 * 60_000,
  });

/** Several page parameters in one call (the comma-list form). */
export const usePageParameters = (names: readonly string[]) =>
  useQuery({
    queryKey: ['page-parameters', ...names],
    queryFn: ({ signal }) => fetchPageParameters(names, signal),
    staleTime: 5 * 60_000,
  });
