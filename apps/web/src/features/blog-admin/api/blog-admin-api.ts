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
  UploadImageReply,
} from '@portal/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The Blog Management and post editor calls (spec 2 section 7 "Blogs and posts"). Every one is admin-only on the server. */

export const blogAdminKey = ['blog-admin'] as const;
export const blogsKey = [...blogAdminKey, 'blogs'] as const;
export const postsKey = [...blogAdminKey, 'posts'] as const;

export interface PostsFilter {
  publish: boolean;
  /** one blog, or undefined for every blog */
  key: string | undefined;
}

export const fetchBlogs = async (signal?: AbortSignal) =>
  (await apiRequest<BlogInfosReply>('GET', '/blogs', { signal })).data;

export const useBlogs = () =>
  useQuery({ queryKey: blogsKey, queryFn: ({ signal }) => fetchBlogs(signal), staleTime: 0 });

const postsQuery = (filter: PostsFilter, cursor: string | undefined) => ({
  publish: String(filter.publish),
  key: filter.key,
  cursor,
});

/** GET /blog/getPosts: keyset pages ("more" asks for the next one). */
export const usePosts = (filter: PostsFilter) =>
  useInfiniteQuery({
    queryKey: [...postsKey, filter],
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
    queryKey: [...blogAdminKey, 'post', id ?? 0],
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
  /** POST /posts/uploadImage, multipart field `file`: the stored image's public path and size. */
  uploadImage: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiRequest<UploadImageReply>('POST', '/posts/uploadImage', { body: form });
  },
};

/** GET /post/associatedResearch/{id}: the post's chosen reports, in their order. */
export const useAssociatedResearch = (id: number | null) =>
  useQuery({
    queryKey: [...blogAdminKey, 'research', id ?? 0],
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
    queryKey: [...blogAdminKey, 'suggestions', q],
    queryFn: async ({ signal }) =>
      (await apiRequest<SuggestionsReply>('GET', '/reports/suggestions', { query: { q }, signal })).reports,
    enabled: q.trim().length >= 2,
    staleTime: 30_000,
  });

export const useAnalysts = () =>
  useQuery({
    queryKey: [...blogAdminKey, 'analysts'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: Analyst[] }>('GET', '/analysts', { signal })).data,
    staleTime: 5 * 60_000,
  });

export const useSectors = () =>
  useQuery({
    queryKey: [...blogAdminKey, 'sectors'],
    queryFn: async ({ signal }) => (await apiRequest<{ data: Sector[] }>('GET', '/sectors', { signal })).data,
    staleTime: 5 * 60_000,
  });
