import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  fetchAssociatedResearch,
  fetchBlogs,
  fetchPostPage,
  fetchPostStats,
  fetchPosts,
  searchPosts,
} from './blogs-api.ts';

/** The reader's blogs' query keys (the feature changes no cached query). */
export const blogsKeys = {
  blogs: ['blogs'] as const,
  posts: (key: string | undefined, userId: number | null) => ['blog-posts', key ?? null, userId] as const,
  postPage: (id: number, userId: number | null) => ['post-page', id, userId] as const,
  postResearch: (id: number) => ['post-research', id] as const,
  postStats: (id: number, page: number) => ['post-stats', id, page] as const,
  postSearch: (q: string) => ['post-search', q] as const,
};

export const useBlogs = () =>
  useQuery({ queryKey: blogsKeys.blogs, queryFn: ({ signal }) => fetchBlogs(signal), staleTime: 60_000 });

/** A blog's published posts on the keyset cursor; the reply depends on who asks (`userId`: entitlement). */
export const useBlogPosts = (key: string | undefined, userId: number | null, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: blogsKeys.posts(key, userId),
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
    queryKey: blogsKeys.postPage(id, userId),
    queryFn: ({ signal }) => fetchPostPage(id, signal),
    enabled: enabled && id > 0,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });

export const useAssociatedResearch = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: blogsKeys.postResearch(id),
    queryFn: ({ signal }) => fetchAssociatedResearch(id, signal),
    enabled: enabled && id > 0,
  });

export const usePostStats = (id: number, page: number, enabled: boolean) =>
  useQuery({
    queryKey: blogsKeys.postStats(id, page),
    queryFn: ({ signal }) => fetchPostStats(id, page, signal),
    enabled,
    // A visit just made must show: the statistics are read fresh each time the dialog opens.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const usePostSearch = (q: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: blogsKeys.postSearch(q),
    queryFn: ({ pageParam, signal }) => searchPosts(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: enabled && q !== '',
  });
