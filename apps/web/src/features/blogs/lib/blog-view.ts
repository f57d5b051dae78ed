import { type BlogInfo, messagesBlogs, type PostCard } from '@portal/contract';

const text = messagesBlogs.reader;

/** The first two cards of a blog landing are wider (spec 2 "Public blog screens"). */
export const wideCardCount = 2;
export const isWideCard = (index: number) => index < wideCardCount;

export interface BlogHeader {
  topic: string;
  subtitle: string;
  /** the blog of the key; undefined on /blogs, or when the key is no blog's */
  blog: BlogInfo | undefined;
  /** a key was given and no blog has it */
  unknown: boolean;
}

/**
 * The landing's header: the blog's topic and sub-title, or the defaults 'BLOGS' / 'Turning risk into
 * opportunity' (spec 2 section 3) on /blogs, for an unknown key and for a blog whose texts are empty.
 */
export const blogHeader = (blogs: readonly BlogInfo[] | undefined, key: string | undefined): BlogHeader => {
  const blog = key ? blogs?.find((b) => b.key === key) : undefined;
  return {
    topic: blog?.topic.trim() || messagesBlogs.defaultTopic,
    subtitle: blog?.subtitle.trim() || messagesBlogs.defaultSubtitle,
    blog,
    unknown: Boolean(key) && blogs !== undefined && !blog,
  };
};

/**
 * What a card shows in place of the excerpt when the caller may not read the post: 'Sign in to read' for an
 * anonymous visitor of a post that needs sign-in, else 'Subscribers only'. null when the card is readable.
 */
export const lockLabel = (card: Pick<PostCard, 'entitled'>, signedIn: boolean): string | null => {
  if (card.entitled) return null;
  return signedIn ? text.locked : text.signInToRead;
};

/** The date a reader sees: the last publishing, else the creation (a draft shown to an admin). */
export const postDate = (post: { published_at: string | null; created_at: string }) =>
  post.published_at ?? post.created_at;

/** '/post/12'. */
export const postPath = (id: number) => `/post/${id}`;
/** '/blogs/keyword1'. */
export const blogPath = (key: string) => `/blogs/${encodeURIComponent(key)}`;

/** The statistics' minutes: 2 decimals, as the average (spec 2 section 9). */
export const formatMinutes = (minutes: number) => minutes.toFixed(2);
