import type {
  TranscriptEntry,
  TranscriptReply,
  VideoAccessReply,
  VideoItem,
  VideoSearchReply,
  VideosReply,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/**
 * Video replays (issue 25): GET /videos and its side panels, the player's access call (POST /videos/{id}), the save
 * toggle, the transcript and its save (admin), the heartbeat. Keys under ['videos', user]: a sign-in or sign-out
 * starts from nothing.
 */
const keys = {
  all: ['videos'] as const,
  list: (kind: 'all' | 'most_watch' | 'saved') => ['videos', 'list', kind] as const,
  player: (id: number) => ['videos', 'player', id] as const,
  transcript: (id: number) => ['videos', 'transcript', id] as const,
};

const listPath = { all: '/videos', most_watch: '/videos/most_watch', saved: '/videos/saved' } as const;

export const useVideoList = (kind: 'all' | 'most_watch' | 'saved', enabled = true) =>
  useQuery({
    queryKey: keys.list(kind),
    queryFn: async ({ signal }) => (await apiRequest<VideosReply>('GET', listPath[kind], { signal })).data,
    enabled,
  });

/** GET /videos/search?q=: words spoken in the replays the reader may watch. */
export const useVideoSearch = (q: string, enabled: boolean) =>
  useQuery({
    queryKey: ['videos', 'search', q],
    queryFn: async ({ signal }) =>
      (await apiRequest<VideoSearchReply>('GET', '/videos/search', { query: { q }, signal })).data,
    enabled: enabled && q.trim() !== '',
  });

const accessOf = async (id: number, signal?: AbortSignal) =>
  (await apiRequest<VideoAccessReply>('POST', `/videos/${id}`, { pattern: '/videos/:id', signal })).data;

/**
 * POST /videos/{id}: the replay for this reader, where they left it, and the signed URLs of its film and
 * transcript (a refusal throws: 401 goes to /login).
 */
export const useVideoPlayer = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: keys.player(id),
    queryFn: ({ signal }) => accessOf(id, signal),
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The replay's signed URLs made again (they live a few minutes: a film paused for longer, or a transcript read again
 * after a save, needs new ones): the access call, whose answer replaces the player's.
 */
export const useFreshVideoPaths = (id: number) => {
  const queryClient = useQueryClient();
  return () =>
    queryClient.fetchQuery({ queryKey: keys.player(id), queryFn: () => accessOf(id), staleTime: 0 });
};

/** POST /videos/save/{id}: the spec's save toggle; the saved state is cleared first, then set from the reply. */
export const useToggleSavedVideo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (video: Pick<VideoItem, 'id'>) =>
      apiRequest<{ success: true; saved: boolean }>('POST', `/videos/save/${video.id}`, {
        pattern: '/videos/save/:id',
      }),
    onMutate: (video) => {
      queryClient.setQueryData<VideoAccessReply['data']>(keys.player(video.id), (data) =>
        data ? { ...data, saved: false } : data,
      );
    },
    onSuccess: (reply, video) => {
      queryClient.setQueryData<VideoAccessReply['data']>(keys.player(video.id), (data) =>
        data ? { ...data, saved: reply.saved } : data,
      );
      return queryClient.invalidateQueries({ queryKey: ['videos', 'list'] });
    },
  });
};

const readTranscript = (path: string, signal?: AbortSignal) =>
  apiRequest<TranscriptReply>('GET', path, { pattern: '/videos/files/:token', signal });

/**
 * GET of transcript_path (a signed URL): the entries and the version a save names. A URL that has expired (410) is
 * made again by the access call, once.
 */
export const useTranscript = (id: number, path: string | null) => {
  const freshPaths = useFreshVideoPaths(id);
  return useQuery({
    queryKey: keys.transcript(id),
    queryFn: async ({ signal }) => {
      try {
        return await readTranscript(path ?? '', signal);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 410) throw error;
        const fresh = await freshPaths();
        if (!fresh.transcript_path) throw error;
        return readTranscript(fresh.transcript_path, signal);
      }
    },
    enabled: path !== null,
  });
};

/** POST /transcript/{videoId} (admin): the whole transcript over the version it was edited from. */
export const useSaveTranscript = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { transcript: TranscriptEntry[]; version: number }) =>
      apiRequest<{ data: { success: true; version: number } }>('POST', `/transcript/${id}`, {
        pattern: '/transcript/:videoId',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.transcript(id) }),
  });
};

/** POST /videos/{id}/watch: a heartbeat of the player (failures are the server's to log, never the reader's). */
export const sendHeartbeat = (id: number, position: number, watched: number) =>
  apiRequest('POST', `/videos/${id}/watch`, {
    pattern: '/videos/:id/watch',
    body: { position: Math.round(position * 10) / 10, watched: Math.min(60, Math.round(watched * 10) / 10) },
  }).catch(() => undefined);
