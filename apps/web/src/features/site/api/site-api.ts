import {
  type AoiForm,
  type AoiReply,
  type LandingReply,
  sliderMediaUrl as mediaUrlOfSlider,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { getRuntimeConfig } from '../../../lib/runtime-config.ts';

export const fetchLanding = (signal?: AbortSignal) => apiRequest<LandingReply>('GET', '/landing', { signal });

let early: Promise<LandingReply> | undefined;

/**
 * Starts GET /landing as the page's module loads, while the session is still being checked, and warms the
 * first banner image as soon as its address is known: the banner is the page's largest paint.
 */
export const prefetchLanding = () => {
  early ??= fetchLanding().then((reply) => {
    const first = reply.sliders[0];
    const url = first?.type === 'image' ? sliderMediaUrl(first.mediaPath) : undefined;
    if (url) new Image().src = url;
    return reply;
  });
  // A failure is the query's to report (it asks again); the early promise must not count as unhandled.
  early.catch(() => undefined);
};

/** The site feature's query keys (its contact form's call changes no cached query). */
export const siteKeys = {
  landing: (userId: number) => ['landing', userId] as const,
};

/** Active sliders (private ones only for signed-in readers) and the latest research: kept per reader. */
export const useLanding = (userId: number) =>
  useQuery({
    queryKey: siteKeys.landing(userId),
    queryFn: ({ signal }) => {
      // The early answer is used once: it was asked with the same session cookie.
      const started = early;
      early = undefined;
      return started ?? fetchLanding(signal);
    },
  });

export const postAoi = (form: AoiForm) => apiRequest<AoiReply>('POST', '/aoi', { body: form });

/** Where the ALTCHA widget fetches its proof-of-work challenge (a GET, so no CSRF token is needed). */
export const challengeUrl = () => `${getRuntimeConfig().apiBase}/aoi/challenge`;

/** A slider's media in the public media folder, e.g. 'sliders/1.webp'; anything else has no public address. */
export const sliderMediaUrl = (mediaPath: string | null) =>
  mediaUrlOfSlider(getRuntimeConfig().apiBase, mediaPath);
