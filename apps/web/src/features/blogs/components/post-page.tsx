import { Button, Skeleton, VisuallyHidden } from '@mantine/core';
import { type BlogInfo, messagesBlogs } from '@portal/contract';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/load-states.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { renderRichHtml, renderSafeHtml, safeHref } from '../../../lib/safe-html.tsx';
import { useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePostPage } from '../api/blogs-queries.ts';
import { usePostVisit } from '../hooks/use-post-visit.ts';
import { blogPath, postDate } from '../lib/blog-view.ts';
import { loginPathFor, type PostLoad } from '../lib/post-reply.ts';
import classes from './blogs.module.css';
import { PostSidePanel } from './post-side-panel.tsx';

const text = messagesBlogs.reader;

// Only admins see the statistics: its table, pagination and dialog load when an admin's page is drawn, so the
// readers' post page (and the route list every page carries) stays without them.
const PostStatsButton = lazy(async () => ({
  default: (await import('./post-stats-modal.tsx')).PostStatsButton,
}));

function BackLink({ blog }: { blog: BlogInfo }) {
  return (
    <Link to={blogPath(blog.key)} className={classes.back}>
      {text.backToBlog(blog.topic || messagesBlogs.defaultTopic)}
    </Link>
  );
}

function PostSkeleton() {
  return (
    <div className={classes.post} aria-busy="true">
      <VisuallyHidden>{text.postLoading}</VisuallyHidden>
      <Skeleton height={40} width="70%" radius="sm" />
      <Skeleton height={18} width="30%" radius="sm" />
      <Skeleton height={240} radius="sm" />
    </div>
  );
}

function Disclaimer({ html }: { html: string | null }) {
  if (!html?.trim()) return null;
  return (
    <section className={classes.disclaimer} aria-labelledby="post-disclaimer">
      <h2 id="post-disclaimer" className={classes.sectionTitle}>
        {text.disclaimer}
      </h2>
      {renderRichHtml(html, { topHeading: 2 })}
    </section>
  );
}

function Author({ blog }: { blog: BlogInfo }) {
  const author = blog.author;
  if (!author || (!author.name.trim() && !author.email.trim() && !author.extraHTML.trim())) return null;
  const mail = author.email.trim() ? safeHref(`mailto:${author.email.trim()}`) : undefined;
  return (
    <section className={classes.author} aria-labelledby="post-author">
      <h2 id="post-author" className={classes.sectionTitle}>
        {text.by}
      </h2>
      {author.name.trim() && <p className={classes.authorName}>{author.name}</p>}
      {mail && (
        <p>
          <a href={mail}>{author.email}</a>
        </p>
      )}
      {author.extraHTML.trim() && <div>{renderSafeHtml(author.extraHTML)}</div>}
    </section>
  );
}

/** A post the reader may not read (403): its title and blog, the server's reason (sanitised HTML), no body. */
function RefusedPost({ load }: { load: Extract<PostLoad, { kind: 'refused' | 'signIn' }> }) {
  const { post, blog, error } = load.refusal;
  return (
    <article className={classes.post} aria-labelledby="post-title">
      <BackLink blog={blog} />
      <p className={classes.eyebrow}>{blog.topic}</p>
      <h1 id="post-title" className={classes.title}>
        {post.title}
      </h1>
      <p className={classes.postMeta}>
        <time dateTime={postDate(post)}>{formatDate(postDate(post))}</time>
        <span>{text.readTime(post.readMinutes)}</span>
      </p>
      <div className={classes.refusal} role="alert">
        {renderSafeHtml(error)}
      </div>
    </article>
  );
}

/**
 * /post/{id}: the post, its blog's disclaimer and author, and the side panel. An anonymous reader of a post that
 * needs sign-in goes to /login and comes back here; a signed-in reader without the right sees why, never the
 * body (the server sends none). A signed-in reader's time on the page is measured (usePostVisit).
 */
export function PostPage({ postId }: { postId: number }) {
  const { user, ready } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const query = usePostPage(postId, user?.id ?? null, ready);
  const load = query.data;
  const data = load?.kind === 'post' ? load.data : undefined;
  usePostVisit(data?.post.id, data?.visit);
  const title =
    load?.kind === 'post'
      ? load.data.post.title
      : load?.kind === 'refused' || load?.kind === 'signIn'
        ? load.refusal.post.title
        : load?.kind === 'notFound'
          ? text.postNotFound
          : text.postLoading;
  usePageTitle(title);

  const signIn = load?.kind === 'signIn';
  useEffect(() => {
    if (signIn) navigate(loginPathFor(location.pathname, location.search), { replace: true });
  }, [signIn, navigate, location.pathname, location.search]);

  let main: ReactNode;
  if (postId <= 0 || load?.kind === 'notFound')
    main = (
      <EmptyState>
        <h1 className={classes.title}>{text.postNotFound}</h1>
        <Link to="/blogs">{text.allBlogs}</Link>
      </EmptyState>
    );
  else if (query.isPending || signIn) main = <PostSkeleton />;
  else if (query.isError || !load)
    main = (
      <ErrorState
        message={text.postLoadFailed}
        onRetry={() => void query.refetch()}
        retryLabel={messagesBlogs.reader.retry}
      />
    );
  else if (load.kind === 'refused') main = <RefusedPost load={load} />;
  else if (data) {
    const { post, blog } = data;
    const isAdmin = user?.type === 'admin';
    const date = postDate(post);
    main = (
      <article className={classes.post} aria-labelledby="post-title">
        <BackLink blog={blog} />
        {!post.publish && <p className={classes.draft}>{text.draftBanner}</p>}
        <p className={classes.eyebrow}>{blog.topic}</p>
        <h1 id="post-title" className={classes.title}>
          {post.title}
        </h1>
        <p className={classes.postMeta}>
          <span>
            {post.published_at ? `${text.published} ` : ''}
            <time dateTime={date}>{formatDate(date)}</time>
          </span>
          <span>{text.readTime(post.readMinutes)}</span>
        </p>
        {isAdmin && (
          <div className={classes.actions}>
            <Suspense fallback={null}>
              <PostStatsButton postId={post.id} />
            </Suspense>
            <Button component={Link} to={`/admin/createPost?id=${post.id}`} variant="default">
              {text.edit}
            </Button>
          </div>
        )}
        <div className={classes.body}>{renderRichHtml(post.html, { topHeading: 2 })}</div>
        <Disclaimer html={blog.footerHTML} />
        <Author blog={blog} />
      </article>
    );
  }

  // The side panel belongs to a post the reader reads; a refusal keeps the page on its one message.
  const showSide = data !== undefined;
  return (
    <div className={classes.postLayout}>
      <div>{main}</div>
      {showSide && <PostSidePanel postId={postId} />}
    </div>
  );
}
