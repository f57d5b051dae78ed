import { messagesVideos as m } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates.ts';
import { useSession } from '../../../lib/session.ts';
import { useVideoSearch } from '../api/videos-api.ts';
import { clockOf } from '../lib/transcript-time.ts';
import classes from './videos.module.css';

/** The line with the searched words marked (case-insensitive, as the server matched them). */
const marked = (text: string, q: string): ReactNode[] => {
  const words = q
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length >= 2)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (words.length === 0) return [text];
  const parts = text.split(new RegExp(`(${words.join('|')})`, 'gi'));
  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed line
  return parts.map((part, index) => (index % 2 === 1 ? <mark key={index}>{part}</mark> : part));
};

/**
 * The site search's replay group (issue 25): lines spoken in the replays the reader may watch that hold the
 * words, each a link that opens the replay at that second. A signed-in reader's only (the call needs a session).
 */
export function ReplaySearchResults({ q }: { q: string }) {
  const { user } = useSession();
  const search = useVideoSearch(q, Boolean(user));
  if (!user || !q.trim()) return null;
  return (
    <section aria-labelledby="replay-results-title" aria-busy={search.isFetching}>
      <h2 id="replay-results-title" className={classes.searchTitle}>
        {m.searchTitle}
      </h2>
      {search.isPending ? (
        <p className={classes.muted}>{m.loading}</p>
      ) : search.isError ? (
        <p role="alert" className={classes.error}>
          {m.loadFailed}
        </p>
      ) : search.data.length === 0 ? (
        <p className={classes.muted}>{m.searchNone}</p>
      ) : (
        <ul className={classes.searchList}>
          {search.data.map((video) => (
            <li key={video.id}>
              <h3 className={classes.searchVideo}>
                <Link to={`/connect/videos/${video.id}?time=${video.hits[0]?.second ?? 0}`}>
                  {video.title}
                </Link>
              </h3>
              <p className={classes.meta}>{formatDate(video.published_date)}</p>
              <ul className={classes.searchHits}>
                {video.hits.map((hit) => (
                  <li key={hit.second}>
                    <Link to={`/connect/videos/${video.id}?time=${hit.second}`} className={classes.searchHit}>
                      <span className={classes.lineTime}>{m.searchAt(clockOf(hit.second))}</span>
                      <span>{marked(hit.text, q)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
