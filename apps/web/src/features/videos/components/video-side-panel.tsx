import { messagesVideos as m, type VideoItem } from '@portal/contract';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates.ts';
import { useVideoList } from '../api/videos-api.ts';
import classes from './videos.module.css';

function VideoList({ id, title, items }: { id: string; title: string; items: VideoItem[] | undefined }) {
  return (
    <section aria-labelledby={id} className={classes.sideSection}>
      <h2 id={id} className={classes.sideTitle}>
        {title}
      </h2>
      {!items ? (
        <p className={classes.muted} aria-busy="true">
          {m.loading}
        </p>
      ) : items.length === 0 ? (
        <p className={classes.muted}>{m.sideEmpty}</p>
      ) : (
        <ol className={classes.sideList}>
          {items.map((video) => (
            <li key={video.id}>
              <Link to={`/connect/videos/${video.id}`}>{video.title}</Link>
              <span className={classes.muted}>{formatDate(video.published_date)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The replays' side panel (spec 2): Most Watched and the reader's Saved replays. */
export function VideoSidePanel() {
  const mostWatched = useVideoList('most_watch');
  const saved = useVideoList('saved');
  return (
    <aside className={classes.side} aria-label={`${m.mostWatched}, ${m.saved}`}>
      <VideoList id="videos-most-watched" title={m.mostWatched} items={mostWatched.data} />
      <VideoList id="videos-saved" title={m.saved} items={saved.data} />
    </aside>
  );
}
