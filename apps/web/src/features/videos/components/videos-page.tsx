import { messagesVideos as m, type VideoItem } from '@portal/contract';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/status.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useVideoList } from '../api/videos-api.ts';
import { VideoSidePanel } from './video-side-panel.tsx';
import classes from './videos.module.css';

function VideoCard({ video }: { video: VideoItem }) {
  const minutes = video.duration ? Math.max(1, Math.round(video.duration / 60)) : null;
  return (
    <article className={classes.card} aria-labelledby={`video-${video.id}`}>
      <span className={classes.cardIcon} aria-hidden="true">
        <IconPlayerPlay size={20} />
      </span>
      <div className={classes.cardBody}>
        <h2 id={`video-${video.id}`} className={classes.cardTitle}>
          <Link to={`/connect/videos/${video.id}`}>{video.title}</Link>
        </h2>
        <p className={classes.meta}>
          {formatDate(video.published_date)}
          {minutes !== null && ` · ${m.minutes(minutes)}`}
          {video.analysts.length > 0 && ` · ${video.analysts.map((a) => a.name).join(', ')}`}
        </p>
        {video.eventId !== null && <p className={classes.badge}>{m.eventReplay}</p>}
        <p className={classes.cardText}>{video.description}</p>
        {video.saved && <p className={classes.savedMark}>{m.saved}</p>}
      </div>
    </article>
  );
}

/** /connect/videos (signed in): the replays the reader may watch, newest first, with Most Watched and Saved. */
export function VideosPage() {
  const videos = useVideoList('all');
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <p className={classes.eyebrow}>CONNECT</p>
        <h1 className={classes.title}>{m.listTitle}</h1>
        <p className={classes.lead}>{m.listLead}</p>
      </header>
      <div className={classes.layout}>
        <div className={classes.main}>
          {videos.isPending ? (
            <LoadingState label={m.loading} />
          ) : videos.isError ? (
            <ErrorState message={m.loadFailed} onRetry={() => void videos.refetch()} />
          ) : videos.data.length === 0 ? (
            <EmptyState>{m.empty}</EmptyState>
          ) : (
            <ul className={classes.list} aria-label={m.listLabel}>
              {videos.data.map((video) => (
                <li key={video.id}>
                  <VideoCard video={video} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <VideoSidePanel />
      </div>
    </div>
  );
}
