import { Button } from '@mantine/core';
import { messagesBlogs } from '@portal/contract';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates.ts';
import { useSession } from '../../../lib/session.ts';
import { usePostSearch } from '../api/blogs-queries.ts';
import { blogPath, postPath } from '../lib/blog-view.ts';
import { renderMarkedSnippet } from '../lib/marked-snippet.tsx';
import classes from './blogs.module.css';
import { LockIcon } from './lock-icon.tsx';

const text = messagesBlogs.search;

/**
 * The site search's "Posts" group (issue 14): published posts matching the words, each with its blog and date,
 * and its snippet only when the reader may read it (the server sends none otherwise). Post search is a signed-in
 * call: anonymous visitors see the report results only.
 */
export function PostSearchResults({ q }: { q: string }) {
  const { user } = useSession();
  const search = usePostSearch(q, Boolean(user));
  if (!user || !q) return null;
  const hits = search.data?.pages.flatMap((page) => page.data) ?? [];
  const total = search.data?.pages[0]?.total ?? 0;
  return (
    <section aria-labelledby="post-results-title" aria-busy={search.isFetching}>
      <h2 id="post-results-title" className={classes.groupTitle}>
        {text.posts}
        {total > 0 && <span className={classes.muted}> ({total})</span>}
      </h2>
      {search.isPending ? (
        <p className={classes.muted}>{messagesBlogs.reader.loading}</p>
      ) : search.isError ? (
        <div role="alert" className={classes.stateBox}>
          <p className={`${classes.muted} ${classes.error}`}>{messagesBlogs.reader.loadFailed}</p>
          <Button variant="outline" size="xs" onClick={() => void search.refetch()}>
            {messagesBlogs.reader.retry}
          </Button>
        </div>
      ) : hits.length === 0 ? (
        <p className={classes.muted}>{text.noPosts}</p>
      ) : (
        <>
          <ul className={classes.hits}>
            {hits.map((hit) => (
              <li key={hit.id} className={classes.hit}>
                <h3 className={classes.hitTitle}>
                  <Link to={postPath(hit.id)}>{hit.title}</Link>
                </h3>
                <p className={classes.postMeta}>
                  <Link to={blogPath(hit.key)} className={classes.back}>
                    {hit.blogTopic}
                  </Link>
                  <time dateTime={hit.published_date}>{formatDate(hit.published_date)}</time>
                </p>
                {hit.entitled && hit.snippet ? (
                  <p className={classes.snippet}>{renderMarkedSnippet(hit.snippet)}</p>
                ) : (
                  !hit.entitled && (
                    <p className={classes.lock}>
                      <LockIcon />
                      {text.lockedSnippet}
                    </p>
                  )
                )}
              </li>
            ))}
          </ul>
          {search.hasNextPage && (
            <Button
              mt="sm"
              variant="outline"
              loading={search.isFetchingNextPage}
              onClick={() => void search.fetchNextPage()}
            >
              {messagesBlogs.reader.loadMore}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
