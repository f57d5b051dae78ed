import type {
  Analyst,
  BlogConfigBody,
  BlogConfigReply,
  BlogInfosReply,
  PostBody,
  PostPageReply,
  PostReply,
  PostsReply,
  SaveBlogResearchBody,
  Sector,
  SuggestionsReply,
} from '@portal/contract';
import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The Blog Management and post editor calls (spec 2 section 7 "Blogs and posts"). Every one is admin-only on the server. */

export interface PostsFilter {
  publish: boolean;
  /** one blog, or undefined for every blog */
  key: string | undefined;
}

/** Blog Management's query keys: its queries and its reloads take them from here. */
export const blogAdminKeys = {
  all: ['blog-admin'] as const,
  blogs: () => [...blogAdminKeys.all, 'blogs'] as const,
  /** every posts list (Published and Drafts, every blog filter) */
  posts: () => [...blogAdminKeys.all, 'posts'] as const,
  postList: (filter: PostsFilter) => [...blogAdminKeys.posts(), filter] as const,
  post: (id: number) => [...blogAdminKeys.all, 'post', id] as const,
  research: (id: number) => [...blogAdminKeys.all, 'research', id] as const,
  suggestions: (q: string) => [...blogAdminKeys.all, 'suggestions', q] as const,
  analysts: () => [...blogAdminKeys.all, 'analysts'] as const,
  sectors: () => [...blogAdminKeys.all, 'sectors'] as const,
};

export const fetchBlogs = async (signal?: AbortSignal) =>
  (await apiRequest<BlogInfosReply>('GET', '/blogs', { signal })).data;

export const useBlogs = () =>
  useQuery({ queryKey: blogAdminKeys.blogs(), queryFn: ({ signal }) => fetchBlogs(signal), staleTime: 0 });

const postsQuery = (filter: PostsFilter, cursor: string | undefined) => ({
  publish: String(filter.publish),
  key: filter.key,
  cursor,
});

/** GET /blog/getPosts: keyset pages ("more" asks for the next one). */
export const usePosts = (filter: PostsFilter) =>
  useInfiniteQuery({
    queryKey: blogAdminKeys.postList(filter),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<PostsReply>('GET', '/blog/getPosts', { query: postsQuery(filter, pageParam), signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
  });

/** A simple acknowledgement; some replies carry the server's message. */
export interface ActionReply {
  success?: boolean;
  message?: string;
}

export const postActions = {
  /** GET /publishPost and /unPublishPost (state-changing GETs, sent with the CSRF header): the reply is a list. */
  publish: (id: number, key?: string) =>
    apiRequest<PostsReply>('GET', '/publishPost', { query: { id: String(id), key } }),
  unpublish: (id: number, key?: string) =>
    apiRequest<PostsReply>('GET', '/unPublishPost', { query: { id: String(id), key } }),
  remove: (id: number) => apiRequest<ActionReply>('GET', '/post/delete', { query: { id: String(id) } }),
};

/**
 * What Blog Management's actions change in the cache: `blogs` and `posts` ask those lists again; a publish or
 * unpublish answers the list the post left, which `showPosts` puts in place at once, and `otherPosts` asks the
 * other tab's lists (Drafts after a publish, Published after an unpublish) again.
 */
export const useBlogAdminReloads = () => {
  const queryClient = useQueryClient();
  return {
    blogs: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.blogs() }),
    posts: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.posts() }),
    showPosts: (filter: PostsFilter, reply: PostsReply) =>
      queryClient.setQueryData<InfiniteData<PostsReply, string | undefined>>(blogAdminKeys.postList(filter), {
        pages: [reply],
        pageParams: [undefined],
      }),
    otherPosts: (publish: boolean) =>
      queryClient.invalidateQueries({
        queryKey: blogAdminKeys.posts(),
        predicate: (query) => (query.queryKey[2] as Partial<PostsFilter> | undefined)?.publish !== publish,
      }),
  };
};

export const blogActions = {
  /** POST /blog/config: without key it creates a blog (the server picks the key). */
  save: async (body: BlogConfigBody) =>
    (await apiRequest<BlogConfigReply>('POST', '/blog/config', { body })).data,
  reorder: (keys: string[]) => apiRequest<unknown>('POST', '/updateBlogsList', { body: { keys } }),
  remove: (key: string) => apiRequest<ActionReply>('GET', '/deleteFavourite', { query: { key } }),
};

/** GET /post/{id}: an admin gets the post with its editor JSON (`draft`), published or not. */
export const fetchPost = async (id: number, signal?: AbortSignal) =>
  (await apiRequest<PostPageReply>('GET', `/post/${id}`, { pattern: '/post/:id', signal })).data;

export const usePost = (id: number | null) =>
  useQuery({
    queryKey: blogAdminKeys.post(id ?? 0),
    queryFn: ({ signal }) => fetchPost(id ?? 0, signal),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
    // A refetch replaces the editor's content: only the screen decides when (after a save), never a focus.
    refetchOnWindowFocus: false,
  });

export const editorActions = {
  create: async (body: PostBody) => (await apiRequest<PostReply>('POST', '/blog/createPost', { body })).data,
  update: async (id: number, body: PostBody) =>
    (
      await apiRequest<PostReply>('POST', `/post/updatePost/${id}`, {
        pattern: '/post/updatePost/:postId',
        body,
      })
    ).data,
  saveResearch: (body: SaveBlogResearchBody) =>
    apiRequest<ActionReply>('POST', '/post/saveBlogResearch', { body }),
};

/** GET /post/associatedResearch/{id}: the post's chosen reports, in their order. */
export const useAssociatedResearch = (id: number | null) =>
  useQuery({
    queryKey: blogAdminKeys.research(id ?? 0),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: { id: number; title: string }[] }>('GET', `/post/associatedResearch/${id}`, {
          pattern: '/post/associatedResearch/:id',
          signal,
        })
      ).data,
    enabled: id !== null,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

/** GET /reports/suggestions?q=: report ids and titles for the associated research search. */
export const useReportSuggestions = (q: string) =>
  useQuery({
    queryKey: blogAdminKeys.suggestions(q),
    queryFn: async ({ signal }) =>
      (await apiRequest<SuggestionsReply>('GET', '/reports/suggestions', { query: { q }, signal })).reports,
    enabled: q.trim().length >= 2,
    staleTime: 30_000,
  });

export const useAnalysts = () =>
  useQuery({
    queryKey: blogAdminKeys.analysts(),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: Analyst[] }>('GET', '/analysts', { signal })).data,
    staleTime: 5 * 60_000,
  });

export const useSectors = () =>
  useQuery({
    queryKey: blogAdminKeys.sectors(),
    queryFn: async ({ signal }) => (await apiRequest<{ data: Sector[] }>('GET', '/sectors', { signal })).data,
    staleTime: 5 * 60_000,
  });
