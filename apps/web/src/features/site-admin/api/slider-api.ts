import type {
  BannerUploadReply,
  HeaderImageKey,
  HeaderImageReply,
  HeaderImagesReply,
  SaveSliderBody,
  SaveSliderReply,
  SliderSettingsReply,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Homepage Slider Management (issue 24): GET /sliderSettings (every slide in its order), POST /saveSlider (one
 * slide), POST /sortSliders (the order), POST /upload?type=banner (a picture or film, stored unattached until the
 * slide is saved). A write refetches the slides and drops the landing's query (['landing']), so the home page shows
 * it in this tab too; other readers get it on their next load.
 */
const slidersKey = ['sliders', 'settings'] as const;
const headersKey = ['header-images'] as const;

export const useSliderSettings = () =>
  useQuery({
    queryKey: slidersKey,
    queryFn: ({ signal }) => apiRequest<SliderSettingsReply>('GET', '/sliderSettings', { signal }),
    // the screen starts from what is stored now
    staleTime: 0,
  });

const useRefetchSliders = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: slidersKey }),
      queryClient.invalidateQueries({ queryKey: ['landing'] }),
    ]);
};

export const useSaveSlider = () => {
  const refetch = useRefetchSliders();
  return useMutation({
    mutationFn: (body: SaveSliderBody) => apiRequest<SaveSliderReply>('POST', '/saveSlider', { body }),
    onSuccess: () => refetch(),
  });
};

export const useSaveSliderOrder = () => {
  const refetch = useRefetchSliders();
  return useMutation({
    mutationFn: (keys: readonly string[]) =>
      apiRequest<{ success: true }>('POST', '/sortSliders', { body: { keys } }),
    onSuccess: () => refetch(),
  });
};

const uploadFile = <T>(query: Record<string, string>, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<T>('POST', '/upload', { query, body: form });
};

export const useUploadSliderMedia = () =>
  useMutation({ mutationFn: (file: File) => uploadFile<BannerUploadReply>({ type: 'banner' }, file) });

/** Every page's header picture (GET /headerImages); a change drops the pages' own queries too. */
export const useHeaderImages = () =>
  useQuery({
    queryKey: headersKey,
    queryFn: ({ signal }) => apiRequest<HeaderImagesReply>('GET', '/headerImages', { signal }),
    staleTime: 0,
  });

const useRefetchHeaders = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: headersKey });
};

export const useReplaceHeaderImage = () => {
  const refetch = useRefetchHeaders();
  return useMutation({
    mutationFn: ({ key, file }: { key: HeaderImageKey; file: File }) =>
      uploadFile<HeaderImageReply & { message: string }>({ type: 'header', id: key }, file),
    onSuccess: () => refetch(),
  });
};

export const useResetHeaderImage = () => {
  const refetch = useRefetchHeaders();
  return useMutation({
    mutationFn: (key: HeaderImageKey) =>
      apiRequest<HeaderImageReply>('GET', '/setHeaderImageDefault', { query: { key } }),
    onSuccess: () => refetch(),
  });
};
