import { useQuery } from '@tanstack/react-query';
import { fetchContent, fetchPageParameter, fetchPageParameters } from './content-api.ts';

/** The content pages' query keys (the feature changes no cached query). */
export const contentKeys = {
  about: ['content'] as const,
  pageParameter: (name: string) => ['page-parameter', name] as const,
  pageParameters: (names: readonly string[]) => ['page-parameters', ...names] as const,
};

export const useAboutContent = () =>
  useQuery({
    queryKey: contentKeys.about,
    queryFn: ({ signal }) => fetchContent(signal),
    staleTime: 5 * 60_000,
  });

/** One page parameter; `data` is null when the server does not reveal it. */
export const usePageParameter = (name: string) =>
  useQuery({
    queryKey: contentKeys.pageParameter(name),
    queryFn: ({ signal }) => fetchPageParameter(name, signal),
    enabled: name !== '',
    staleTime: 5 * 60_000,
  });

/** Several page parameters in one call (the comma-list form). */
export const usePageParameters = (names: readonly string[]) =>
  useQuery({
    queryKey: contentKeys.pageParameters(names),
    queryFn: ({ signal }) => fetchPageParameters(names, signal),
    staleTime: 5 * 60_000,
  });
