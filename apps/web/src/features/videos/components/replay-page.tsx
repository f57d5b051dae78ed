import { Button, NativeSelect } from '@mantine/core';
import { analystPath, messagesVideos as m, resolveFileUrl } from '@portal/contract';
import { IconArrowLeft, IconBookmark, IconBookmarkFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/status.tsx';
import { showToast, Toasts } from '../../../components/toasts.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/dates.ts';
import { fetchParameterOrEmpty } from '../../../lib/parameters.ts';
import { getRuntimeConfig } from '../../../lib/runtime-config.ts';
import { renderSafeHtml } from '../../../lib/safe-html.tsx';
import { useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { sendHeartbeat, useFreshVideoPaths, useToggleSavedVideo, useVideoPlayer } from '../api/videos-api.ts';
import { playbackSpeeds, startTimeOf } from '../lib/transcript-time.ts';
import { TranscriptPanel } from './transcript-panel.tsx';
import { VideoSidePanel } from './video-side-panel.tsx';
import classes from './videos.module.css';

/** A description longer than this shows its start, with Show more. */
const descriptionPreview = 280;
/** A heartbeat every 15 s of playing (and on pause and at the end). */
const heartbeatMs = 15_000;

/**
 * The replay player (spec 2 and 3, /connect/videos/{id}): the film with the spec's speeds, `?time=` to start at a
 * second (else where the reader left it), Back to Replays, the description with Show more / less, the save toggle,
 * the transcript panel that follows the film (hidden on small screens or when rw_HideTranscriptPanel is '1') and
 * the side panel. A reader who is not signed in goes to /login; watch time is sent as heartbeats.
 */
export function ReplayPage({ id }: { id: number }) {
  const { user, ready } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const player = useVideoPlayer(id, ready && user !== null);
  const toggleSave = useToggleSavedVideo();
  const hideTranscript = useQuery({
    queryKey: ['parameters', 'rw_HideTranscriptPanel'],
    queryFn: ({ signal }) => fetchParameterOrEmpty('rw_HideTranscriptPanel', signal),
    staleTime: 5 * 60_000,
  });
  const videoRef = useRef<HTMLVideoElement>(null);
  const [time, setTime] = useState(0);
  const [speed, setSpeed] = useState('1');
  const [expanded, setExpanded] = useState(false);
  const video = player.data;
  usePageTitle(video?.title ?? m.listTitle);
  const freshPaths = useFreshVideoPaths(id);
  // The film's signed URL as the element got it: kept while the reader watches (a new access answer, such as one
  // made for the transcript, does not reload the film), replaced only when that URL has stopped opening.
  const [src, setSrc] = useState<string | null>(null);
  const resume = useRef<{ at: number; playing: boolean } | null>(null);
  const recovering = useRef(false);
  useEffect(() => {
    if (video && src === null) setSrc(resolveFileUrl(getRuntimeConfig().apiBase, video.video_path));
  }, [video, src]);

  // Spec 2: an access error sends the reader to /login (and back here after).
  const unauthorised =
    (ready && user === null) || (player.error instanceof ApiError && player.error.status === 401);
  useEffect(() => {
    if (unauthorised)
      navigate(`/login?redirectUrl=${encodeURIComponent(location.pathname + location.search)}`, {
        replace: true,
      });
  }, [unauthorised, navigate, location.pathname, location.search]);

  // Watch time: the seconds played since the last beat, sent every 15 s while playing, on pause and at the end.
  const lastTick = useRef<number | null>(null);
  const beat = useCallback(() => {
    const element = videoRef.current;
    if (!element || lastTick.current === null) return;
    const now = performance.now();
    const watched = ((now - lastTick.current) / 1000) * element.playbackRate;
    lastTick.current = element.paused ? null : now;
    if (watched > 0.5) void sendHeartbeat(id, element.currentTime, watched);
  }, [id]);
  useEffect(() => {
    const timer = window.setInterval(beat, heartbeatMs);
    return () => {
      window.clearInterval(timer);
      beat();
    };
  }, [beat]);

  const seek = (seconds: number) => {
    const element = videoRef.current;
    if (!element) return;
    element.currentTime = seconds;
    setTime(seconds);
    void element.play().catch(() => undefined);
  };

  if (!ready || unauthorised || player.isPending) return <LoadingState label={m.loading} />;
  if (player.isError) {
    const status = player.error instanceof ApiError ? player.error.status : 0;
    return (
      <div className={classes.page}>
        <Link to="/connect/videos" className={classes.back}>
          <IconArrowLeft size={16} aria-hidden="true" /> {m.back}
        </Link>
        <ErrorState
          message={status === 403 ? m.notEntitled : status === 404 ? m.videoMissing : m.loadFailed}
          onRetry={status === 403 || status === 404 ? undefined : () => void player.refetch()}
        />
      </div>
    );
  }
  if (!video) return null;

  const requested = startTimeOf(search.get('time'));
  const start = search.has('time') ? requested : video.currentTime;
  const long = video.description.length > descriptionPreview;
  const description =
    long && !expanded ? `${video.description.slice(0, descriptionPreview).trimEnd()}…` : video.description;
  const showTranscript = hideTranscript.data !== '1';

  // The film's URL has expired (it lives a few minutes) or stopped opening: a new one from the access call, and the
  // film goes on from where it was. Once per failure; a second failure in a row is the player's own error.
  const recover = async (element: HTMLVideoElement) => {
    if (recovering.current) return;
    recovering.current = true;
    // (a film that never loaded starts where it would have: ?time= or where the reader left it)
    resume.current = element.readyState >= 1 ? { at: element.currentTime, playing: !element.paused } : null;
    try {
      const fresh = await freshPaths();
      const next = resolveFileUrl(getRuntimeConfig().apiBase, fresh.video_path);
      // (a URL made in the same second is the same URL: the element loads it again)
      if (next === src) element.load();
      else setSrc(next);
    } catch {
      recovering.current = false;
    }
  };

  return (
    <div className={classes.page}>
      <Toasts />
      <Link to="/connect/videos" className={classes.back}>
        <IconArrowLeft size={16} aria-hidden="true" /> {m.back}
      </Link>
      <div className={classes.layout}>
        <div className={classes.main}>
          <header className={classes.playerHeader}>
            <h1 className={classes.title}>{video.title}</h1>
            <p className={classes.meta}>
              {formatDate(video.published_date)}
              {video.analysts.map((analyst) => (
                <span key={analyst.id}>
                  {' · '}
                  <Link to={analystPath(analyst.id, analyst.name)}>{analyst.name}</Link>
                </span>
              ))}
            </p>
          </header>
          {video.msg && <div className={classes.message}>{renderSafeHtml(video.msg)}</div>}
          <div className={showTranscript ? classes.stage : classes.stageWide}>
            <div className={classes.player}>
              {/* biome-ignore lint/a11y/useMediaCaption: the transcript beside the film is its text, line by line */}
              <video
                ref={videoRef}
                className={classes.video}
                src={src ?? undefined}
                controls
                preload="metadata"
                playsInline
                aria-label={video.title}
                onLoadedMetadata={(event) => {
                  const element = event.currentTarget;
                  const from = resume.current?.at ?? start;
                  if (from > 0 && from < (element.duration || Number.POSITIVE_INFINITY))
                    element.currentTime = from;
                  element.playbackRate = Number(speed);
                  if (resume.current?.playing) void element.play().catch(() => undefined);
                  resume.current = null;
                  recovering.current = false;
                }}
                onError={(event) => void recover(event.currentTarget)}
                onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
                onPlay={() => {
                  lastTick.current = performance.now();
                }}
                onPause={beat}
                onEnded={beat}
              >
                {m.playerFallback}
              </video>
              <div className={classes.controls}>
                <NativeSelect
                  label={m.speed}
                  value={speed}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setSpeed(value);
                    if (videoRef.current) videoRef.current.playbackRate = Number(value);
                  }}
                  data={playbackSpeeds.map((rate) => ({ value: String(rate), label: `${rate}x` }))}
                  className={classes.speed}
                />
                <Button
                  variant={video.saved ? 'filled' : 'default'}
                  leftSection={
                    video.saved ? (
                      <IconBookmarkFilled size={16} aria-hidden="true" />
                    ) : (
                      <IconBookmark size={16} aria-hidden="true" />
                    )
                  }
                  aria-pressed={video.saved}
                  loading={toggleSave.isPending}
                  onClick={() => toggleSave.mutate(video, { onError: () => showToast(false, m.saveFailed) })}
                >
                  {video.saved ? m.unsave : m.save}
                </Button>
              </div>
            </div>
            {showTranscript && (
              <div className={classes.transcriptBox}>
                <TranscriptPanel
                  videoId={video.id}
                  path={video.transcript_path}
                  time={time}
                  admin={user?.type === 'admin'}
                  onSeek={seek}
                />
              </div>
            )}
          </div>
          <section className={classes.description} aria-label="Description">
            <p>{description}</p>
            {long && (
              <Button variant="subtle" size="compact-sm" onClick={() => setExpanded((value) => !value)}>
                {expanded ? m.showLess : m.showMore}
              </Button>
            )}
          </section>
        </div>
        <VideoSidePanel />
      </div>
    </div>
  );
}
