import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  fetchAssociatedResearch,
  fetchBlogs,
  fetchPostPage,
  fetchPostStats,
  fetchPosts,
  searchPosts,
} from './blogs-api.ts';

export const useBlogs = () =>
  useQuery({ queryKey: ['blogs'], queryFn: ({ signal }) => fetchBlogs(signal), staleTime: 60_000 });

/** A blog's published posts on the keyset cursor; the reply depends on who asks (`userId`: entitlement). */
export const useBlogPosts = (key: string | undefined, userId: number | null, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: ['blog-posts', key ?? null, userId],
    queryFn: ({ pageParam, signal }) => fetchPosts(key, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled,
  });

/**
 * GET /post/{id}: every opening is a visit of its own for the statistics, so the answer is never reused from a
 * cache nor refetched under the reader (a refetch would open a second visit).
 */
export const usePostPage = (id: number, userId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ['post-page', id, userId],
    queryFn: ({ signal }) => fetchPostPage(id, signal),
    enabled: enabled && id > 0,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });

export const useAssociatedResearch = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['post-research', id],
    queryFn: ({ signal }) => fetchAssociatedResearch(id, signal),
    enabled: enabled && id > 0,
  });

export const usePostStats = (id: number, page: number, enabled: boolean) =>
  useQuery({
    queryKey: ['post-stats', id, page],
    queryFn: ({ signal }) => fetchPostStats(id, page, signal),
    enabled,
    // A visit just made must show: the statistics are read fresh each time the dialog opens.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const usePostSearch = (q: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: ['post-search', q],
    queryFn: ({ pageParam, signal }) => searchPosts(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: enabled && q !== '',
  });
