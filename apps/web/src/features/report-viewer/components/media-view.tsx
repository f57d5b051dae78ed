import { type ResolvedWatermark, viewerMessages } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { playerControlsHeight } from '../lib/viewer-constants.ts';
import classes from './viewer.module.css';
import { WatermarkOverlay } from './watermark-overlay.tsx';

/**
 * Keeps a player going across file URL renewals: the signed URL lives 5 minutes, while a player keeps sending
 * Range requests as it plays and seeks. When the player reports an error, the viewer asks for a fresh URL once
 * (per URL) and the player resumes where it was.
 */
function useRenewingSource<T extends HTMLMediaElement>(
  url: string,
  onExpired?: () => void,
  onProgress?: (fraction: number) => void,
) {
  const ref = useRef<T>(null);
  const resume = useRef<{ time: number; playing: boolean } | null>(null);
  const renewedFor = useRef<string | null>(null);
  const onError = () => {
    const media = ref.current;
    if (!media || !onExpired || renewedFor.current === url) return;
    renewedFor.current = url;
    resume.current = { time: media.currentTime, playing: !media.paused };
    onExpired();
  };
  const onLoadedMetadata = () => {
    const media = ref.current;
    const at = resume.current;
    if (!media || !at) return;
    resume.current = null;
    media.currentTime = at.time;
    if (at.playing) void media.play().catch(() => undefined);
  };
  // Reading progress of a recording: how far playback got (the tracker keeps the furthest point).
  const onTimeUpdate = () => {
    const media = ref.current;
    if (media && Number.isFinite(media.duration) && media.duration > 0)
      onProgress?.(media.currentTime / media.duration);
  };
  return { ref, onError, onLoadedMetadata, onTimeUpdate };
}

type PlayerArea = { left: number; top: number; width: number; height: number };

/**
 * Where a video's watermark goes: over its picture, above the controls' strip at its bottom, so the mark is seen
 * on the video and never lies over the controls (it lets the pointer through in any case).
 */
function usePictureArea(video: HTMLVideoElement | null) {
  const [area, setArea] = useState<PlayerArea>();
  useEffect(() => {
    if (!video) return;
    const measure = () =>
      setArea({
        left: video.offsetLeft,
        top: video.offsetTop,
        width: video.offsetWidth,
        height: Math.max(0, video.offsetHeight - playerControlsHeight),
      });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(video);
    // The picture is centred in its box: when the box grows or shrinks, the picture moves without changing size.
    if (video.parentElement) observer.observe(video.parentElement);
    video.addEventListener('loadedmetadata', measure);
    return () => {
      observer.disconnect();
      video.removeEventListener('loadedmetadata', measure);
    };
  }, [video]);
  return area;
}

/** mp3 reports: the browser's audio player, with the spec's fallback text, the reader's watermark over its box. */
export function AudioView({
  url,
  title,
  watermarks,
  onExpired,
  onProgress,
}: {
  url: string;
  title: string;
  watermarks: readonly ResolvedWatermark[];
  onExpired?: () => void;
  onProgress?: (fraction: number) => void;
}) {
  const media = useRenewingSource<HTMLAudioElement>(url, onExpired, onProgress);
  return (
    <div className={classes.mediaBox}>
      {/* biome-ignore lint/a11y/useMediaCaption: research audio notes come without caption tracks */}
      <audio
        ref={media.ref}
        className={classes.audio}
        controls
        preload="metadata"
        src={url}
        aria-label={title}
        onError={media.onError}
        onLoadedMetadata={media.onLoadedMetadata}
        onTimeUpdate={media.onTimeUpdate}
      >
        {viewerMessages.audioUnsupported}
      </audio>
      <WatermarkOverlay watermarks={watermarks} layer="player" />
    </div>
  );
}

/**
 * Video reports (mp4, mpg, mpeg, ogg): the browser's video player, with the spec's fallback text, the reader's
 * watermark over its picture.
 */
export function VideoView({
  url,
  title,
  height,
  watermarks,
  onExpired,
  onProgress,
}: {
  url: string;
  title: string;
  height: number;
  watermarks: readonly ResolvedWatermark[];
  onExpired?: () => void;
  onProgress?: (fraction: number) => void;
}) {
  const media = useRenewingSource<HTMLVideoElement>(url, onExpired, onProgress);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const area = usePictureArea(video);
  return (
    <div className={classes.mediaBox}>
      {/* biome-ignore lint/a11y/useMediaCaption: research video notes come without caption tracks */}
      <video
        ref={(element) => {
          media.ref.current = element;
          setVideo(element);
        }}
        className={classes.video}
        controls
        preload="metadata"
        src={url}
        aria-label={title}
        style={{ maxHeight: height }}
        onError={media.onError}
        onLoadedMetadata={media.onLoadedMetadata}
        onTimeUpdate={media.onTimeUpdate}
      >
        {viewerMessages.videoUnsupported}
      </video>
      {area && <WatermarkOverlay watermarks={watermarks} layer="player" area={area} />}
    </div>
  );
}

/** Only embeds on YouTube's privacy-enhanced host are framed; anything else is refused. */
export const youtubeEmbedUrl = (value: string) => {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:') return undefined;
    const host = url.hostname.replace(/^www\./, '');
    let id: string | undefined;
    if (host === 'youtube-nocookie.com' || host === 'youtube.com')
      id = /^\/embed\/([\w-]{6,20})$/.exec(url.pathname)?.[1];
    if (host === 'youtube.com' && url.pathname === '/watch') id = url.searchParams.get('v') ?? undefined;
    if (host === 'youtu.be') id = url.pathname.slice(1);
    return id && /^[\w-]{6,20}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : undefined;
  } catch {
    return undefined;
  }
};

/** youtube reports: the privacy-enhanced embed in a titled frame. */
export function YoutubeView({ url, title, height }: { url: string; title: string; height: number }) {
  const src = youtubeEmbedUrl(url);
  if (!src)
    return (
      <div className={classes.fallback} role="alert">
        <p>{viewerMessages.loadFailed}</p>
      </div>
    );
  return (
    <div className={classes.frameBox} style={{ height }}>
      <iframe
        className={classes.frame}
        src={src}
        title={title}
        allow="encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}

/** Any other report type: the file in a sandboxed frame (no scripts). */
export function GenericFrameView({ url, title, height }: { url: string; title: string; height: number }) {
  return (
    <div className={classes.frameBox} style={{ height }}>
      <iframe className={classes.frame} src={url} title={title} sandbox="" referrerPolicy="no-referrer" />
    </div>
  );
}
