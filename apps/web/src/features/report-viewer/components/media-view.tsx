import { viewerMessages } from '@portal/contract';
import { useRef } from 'react';
import classes from './viewer.module.css';

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

/** mp3 reports: the browser's audio player, with the spec's fallback text. */
export function AudioView({
  url,
  title,
  onExpired,
  onProgress,
}: {
  url: string;
  title: string;
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
    </div>
  );
}

/** Video reports (mp4, mpg, mpeg, ogg): the browser's video player, with the spec's fallback text. */
export function VideoView({
  url,
  title,
  height,
  onExpired,
  onProgress,
}: {
  url: string;
  title: string;
  height: number;
  onExpired?: () => void;
  onProgress?: (fraction: number) => void;
}) {
  const media = useRenewingSource<HTMLVideoElement>(url, onExpired, onProgress);
  return (
    <div className={classes.mediaBox}>
      {/* biome-ignore lint/a11y/useMediaCaption: research video notes come without caption tracks */}
      <video
        ref={media.ref}
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
