import { messagesBlogs, type PostCard as PostCardData } from '@portal/contract';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates.ts';
import { lockLabel, postDate, postPath } from '../lib/blog-view.ts';
import { postImageUrl } from '../lib/image-url.ts';
import classes from './blogs.module.css';
import { LockIcon } from './lock-icon.tsx';

const text = messagesBlogs.reader;

/**
 * One post of a blog landing: image and excerpt only when the caller may read it (the server sends neither
 * otherwise); a locked card says why and still links to the post, whose page explains what to do.
 */
export function PostCard({ card, signedIn }: { card: PostCardData; signedIn: boolean }) {
  const image = card.entitled ? postImageUrl(card.image) : undefined;
  const lock = lockLabel(card, signedIn);
  const date = postDate(card);
  return (
    <article className={classes.card} aria-labelledby={`post-card-${card.id}`}>
      {image && <img className={classes.cardImage} src={image} alt="" loading="lazy" />}
      <p className={classes.eyebrow}>{card.blogTopic}</p>
      <h2 className={classes.cardTitle} id={`post-card-${card.id}`}>
        <Link to={postPath(card.id)}>{card.title}</Link>
      </h2>
      {lock ? (
        <p className={classes.lock}>
          <LockIcon />
          {lock}
        </p>
      ) : (
        card.excerpt && <p className={classes.excerpt}>{card.excerpt}</p>
      )}
      <p className={classes.meta}>
        <time dateTime={date}>{formatDate(date)}</time>
        <span>{text.readTime(card.readMinutes)}</span>
      </p>
    </article>
  );
}
