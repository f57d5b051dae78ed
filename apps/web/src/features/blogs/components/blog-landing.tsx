import { Button, Skeleton } from '@mantine/core';
import { messagesBlogs } from '@portal/contract';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/load-states.tsx';
import { useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useBlogPosts, useBlogs } from '../api/blogs-queries.ts';
import { blogHeader, isWideCard } from '../lib/blog-view.ts';
import classes from './blogs.module.css';
import { PostCard } from './post-card.tsx';

const text = messagesBlogs.reader;

function CardSkeletons() {
  return (
    <ul className={classes.grid} aria-busy="true" aria-label={text.loading}>
      {[0, 1, 2, 3, 4].map((i) => (
        <li key={i} className={isWideCard(i) ? classes.wide : undefined}>
          <Skeleton className={classes.skeletonCard} radius="sm" />
        </li>
      ))}
    </ul>
  );
}

/**
 * /blogs (every blog's posts) and /blogs/{key} (one blog's): the blog's topic and sub-title, and a grid of its
 * published posts, newest first, the first two wider, with "Show more posts" on the keyset cursor.
 */
export function BlogLanding({ blogKey }: { blogKey?: string }) {
  const { user, ready } = useSession();
  const blogs = useBlogs();
  const header = blogHeader(blogs.data, blogKey);
  // A key's posts are asked for once the key is known to be a blog's (an unknown key shows its own message);
  // when the blogs cannot be read, the posts are still tried.
  const known = !blogKey || header.blog !== undefined || blogs.isError;
  const posts = useBlogPosts(blogKey, user?.id ?? null, ready && known);
  usePageTitle(header.unknown ? text.blogNotFound : header.topic);

  if (header.unknown)
    return (
      <div className={classes.page}>
        <header className={classes.header}>
          <h1 className={classes.title}>{messagesBlogs.defaultTopic}</h1>
          <p className={classes.lead}>{messagesBlogs.defaultSubtitle}</p>
        </header>
        <EmptyState>
          <p role="alert">{text.blogNotFound}</p>
          <Link to="/blogs">{text.allBlogs}</Link>
        </EmptyState>
      </div>
    );

  const cards = posts.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        {blogs.isPending && blogKey ? (
          <>
            <Skeleton height={36} width="40%" radius="sm" />
            <Skeleton height={20} width="60%" radius="sm" />
          </>
        ) : (
          <>
            <h1 className={classes.title}>{header.topic}</h1>
            <p className={classes.lead}>{header.subtitle}</p>
          </>
        )}
      </header>
      <section aria-label={messagesBlogs.search.posts}>
        {posts.isPending ? (
          <CardSkeletons />
        ) : posts.isError ? (
          <ErrorState
            message={text.loadFailed}
            onRetry={() => void posts.refetch()}
            retryLabel={messagesBlogs.reader.retry}
          />
        ) : cards.length === 0 ? (
          <EmptyState>
            <p>{text.empty}</p>
            {blogKey && <Link to="/blogs">{text.allBlogs}</Link>}
          </EmptyState>
        ) : (
          <>
            <ul className={classes.grid}>
              {cards.map((card, index) => (
                <li key={card.id} className={isWideCard(index) ? classes.wide : undefined}>
                  <PostCard card={card} signedIn={Boolean(user)} />
                </li>
              ))}
            </ul>
            {posts.hasNextPage && (
              <div className={classes.more}>
                <Button
                  variant="outline"
                  loading={posts.isFetchingNextPage}
                  onClick={() => void posts.fetchNextPage()}
                >
                  {text.loadMore}
                </Button>
              </div>
            )}
            {posts.isFetchNextPageError && <ErrorState message={text.loadFailed} />}
          </>
        )}
      </section>
    </div>
  );
}
