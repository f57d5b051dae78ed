import { z } from 'zod';
import { messagesBlogs } from '../messages-blogs.ts';
import { editorDocumentProblem } from './editor-document.ts';
import { hasControlCharacters, multilineTextField, numberInput, textField } from './fields.ts';
import { analystRef, sectorRef } from './research.ts';

/**
 * Blogs and posts (issue 14; spec 2 sections 3, 4, 5, 7 and 9, spec 1 routes /blogs, /blogs/{key}, /post/{id}).
 * One schema per call, shared by the server (validation and serialisation) and the web client. The server decides
 * every rule here again: roles, access levels, sizes, sanitising.
 */
const m = messagesBlogs.validation;

export const blogLimits = {
  /** Read time estimate (spec 2 section 9). */
  wordsPerMinute: 300,
  /** Card description length (spec 2 section 9). */
  cardDescription: 200,
  /** Post statistics table (spec 2 section 9). */
  statsPageSize: 15,
  /** A session with neither an exit time nor a heartbeat counts as 2 minutes (spec 2 section 9). */
  unmeasuredVisitMinutes: 2,
  /** Editor image default width (spec 2 section 9). */
  editorImageWidth: 400,
  /** Reload delay after a post update or attaching research (spec 2 section 9). */
  reloadDelayMs: 3000,
  // ours
  postsPageSize: 12,
  postsPageMax: 50,
  titleMax: 200,
  /** Stored HTML of one post (after sanitising) and its editor JSON, in characters. */
  htmlMax: 200_000,
  draftMax: 400_000,
  blogNameMax: 100,
  subtitleMax: 200,
  regionMax: 100,
  blogTypeMax: 100,
  footerHtmlMax: 20_000,
  authorExtraHtmlMax: 5_000,
  keywordsMax: 20,
  keywordMax: 50,
  selectedSectorsMax: 50,
  associatedResearchMax: 10,
  /** Image uploads: bytes and pixels accepted, and the width images are stored at most. */
  imageMaxBytes: 5 * 1024 * 1024,
  imageMaxPixels: 40_000_000,
  imageStoredMaxWidth: 1600,
  /** Heartbeat of an open post page while it is visible; one heartbeat counts at most `heartbeatCapSeconds`. */
  heartbeatMs: 30_000,
  heartbeatCapSeconds: 45,
} as const;

/** Access levels (spec 2 section 6): pre = Public Access, npi = Registered User Access, pi = Subscriber Access. */
export const blogAccessTypes = ['pre', 'npi', 'pi'] as const;
export type BlogAccessType = (typeof blogAccessTypes)[number];

/** A blog key: 'keyword1' for the first blog, a random UUID for every later one (spec 2 section 4). */
export const blogKeyField = textField({ error: m.keyRequired })
  .trim()
  .min(1, m.keyRequired)
  .max(64, m.keyInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, m.keyInvalid);

const postIdField = numberInput(
  z
    .number({ error: m.postIdInvalid })
    .int(m.postIdInvalid)
    .positive(m.postIdInvalid)
    .max(2_147_483_647, m.postIdInvalid),
);
export const postIdParams = z.object({ id: postIdField });
export const postIdQuery = z.object({ id: postIdField });
/** /post/updatePost/{postId}, /post/leave/{postId} */
export const postIdPathParams = z.object({ postId: postIdField });

// ---------------------------------------------------------------------------------------------------------------
// Blogs (favourites)

export const blogAuthor = z.object({
  /** an analyst of Our People, or null for a free-text author */
  id: z.number().int().positive().nullable(),
  /** sanitised HTML under the author's name */
  extraHTML: z.string(),
  name: z.string(),
  email: z.string(),
});
export type BlogAuthor = z.infer<typeof blogAuthor>;

/** Blog info (spec 2 section 3). `keyword` is the keyword list, as the favourites dropdown reads it. */
export const blogInfo = z.object({
  key: z.string(),
  topic: z.string(),
  subtitle: z.string(),
  region: z.string().nullable(),
  blogType: z.string().nullable(),
  /** the disclaimer, sanitised HTML */
  footerHTML: z.string().nullable(),
  author: blogAuthor.nullable(),
  accessType: z.enum(blogAccessTypes),
  selectedSectors: z.array(z.number()),
  keyword: z.array(z.string()),
});
export type BlogInfo = z.infer<typeof blogInfo>;

/** GET /blogs: every blog in tab order. */
export const blogInfosReply = z.object({ data: z.array(blogInfo) });
export type BlogInfosReply = z.infer<typeof blogInfosReply>;

const optionalText = (max: number, message: string) =>
  textField()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * POST /blog/config: creates a blog (no key: the server gives it 'keyword1' if it is the first, else a random
 * UUID) or updates the blog with that key. Name (topic) and sub-title are required (spec 2 section 5); a
 * Subscriber Access blog needs at least one sector (spec 2 section 6).
 */
export const blogConfigBody = z
  .object({
    key: blogKeyField.optional(),
    topic: textField({ error: m.nameRequired })
      .trim()
      .min(1, m.nameRequired)
      .max(blogLimits.blogNameMax, m.nameTooLong),
    subtitle: textField({ error: m.subtitleRequired })
      .trim()
      .min(1, m.subtitleRequired)
      .max(blogLimits.subtitleMax, m.subtitleTooLong),
    region: optionalText(blogLimits.regionMax, m.regionTooLong),
    blogType: optionalText(blogLimits.blogTypeMax, m.blogTypeTooLong),
    /** HTML; sanitised by the server before it is stored */
    footerHTML: multilineTextField()
      .max(blogLimits.footerHtmlMax, m.footerTooLong)
      .nullish()
      .transform((value) => (value ? value : null)),
    author: z
      .object({
        id: z.number().int().positive().nullable(),
        extraHTML: multilineTextField().max(blogLimits.authorExtraHtmlMax, m.authorTooLong).default(''),
        name: textField().trim().max(100, m.authorTooLong).default(''),
        // shown as a mailto link on every post: an address or nothing
        email: textField()
          .trim()
          .max(250, m.authorTooLong)
          .refine((value) => value === '' || z.email().safeParse(value).success, m.authorEmailInvalid)
          .default(''),
      })
      .nullish()
      .transform((value) => value ?? null),
    accessType: z.enum(blogAccessTypes, { error: m.accessTypeInvalid }),
    selectedSectors: z
      .array(z.number().int().positive(), { error: m.sectorsInvalid })
      .max(blogLimits.selectedSectorsMax, m.sectorsInvalid)
      .default([]),
    keyword: z
      .array(textField().trim().min(1).max(blogLimits.keywordMax, m.keywordTooLong))
      .max(blogLimits.keywordsMax, m.keywordsTooMany)
      .default([]),
  })
  .refine((blog) => blog.accessType !== 'pi' || blog.selectedSectors.length > 0, {
    message: m.subscriberNeedsSectors,
    path: ['selectedSectors'],
  });
export type BlogConfigBody = z.input<typeof blogConfigBody>;
export const blogConfigReply = z.object({ data: blogInfo });
export type BlogConfigReply = z.infer<typeof blogConfigReply>;

/** POST /updateBlogsList: the blogs' new tab order, every existing key exactly once. */
export const updateBlogsListBody = z.object({
  keys: z.array(blogKeyField).min(1, m.orderInvalid).max(200, m.orderInvalid),
});
export type UpdateBlogsListBody = z.infer<typeof updateBlogsListBody>;

/** GET /deleteFavourite?key=: refused while the blog still has posts (nothing is deleted with it). */
export const deleteFavouriteQuery = z.object({ key: blogKeyField });

// ---------------------------------------------------------------------------------------------------------------
// Posts

/** Whether any key or string of a JSON value holds a control character (tab, CR and LF allowed in strings). */
const controlCharactersIn = (value: unknown, depth = 0): boolean => {
  if (depth > 100) return true;
  if (typeof value === 'string') return hasControlCharacters(value, true);
  if (Array.isArray(value)) return value.some((item) => controlCharactersIn(item, depth + 1));
  if (value && typeof value === 'object')
    return Object.entries(value).some(
      ([k, v]) => hasControlCharacters(k) || controlCharactersIn(v, depth + 1),
    );
  return false;
};

/** Post (spec 2 section 3), as an admin edits it and a reader with access reads it. */
export const post = z.object({
  id: z.number(),
  title: z.string(),
  /** sanitised HTML */
  html: z.string(),
  /** the editor's JSON document (Tiptap); null for readers */
  draft: z.unknown().nullable(),
  publish: z.boolean(),
  key: z.string(),
  /** UTC ISO 8601 */
  created_at: z.string(),
  updated_at: z.string(),
  /** UTC ISO 8601 of the last publishing, null while a draft */
  published_at: z.string().nullable(),
  /** whether reading it needs sign-in (npi and pi blogs) */
  requiresLogin: z.boolean(),
  /** 300 words a minute, at least 1 */
  readMinutes: z.number().int(),
});
export type Post = z.infer<typeof post>;

/** What a reader without access learns of a post: enough to know what it is; never the body. */
export const postMeta = post.pick({
  id: true,
  title: true,
  key: true,
  created_at: true,
  published_at: true,
  requiresLogin: true,
  readMinutes: true,
});
export type PostMeta = z.infer<typeof postMeta>;

/** A card of the blog landing and of the admin's lists. */
export const postCard = postMeta.extend({
  publish: z.boolean(),
  /** the blog's topic */
  blogTopic: z.string(),
  accessType: z.enum(blogAccessTypes),
  /** whether the caller may read the post; false: no excerpt and no image */
  entitled: z.boolean(),
  /** the first 200 characters of the text, null without access */
  excerpt: z.string().nullable(),
  /** the first image of the post, null without access or without image */
  image: z.string().nullable(),
});
export type PostCard = z.infer<typeof postCard>;

/**
 * GET /blog/getPosts?{query}: one blog's posts (or every blog's without key), newest first, keyset pages.
 * Drafts (`publish=false`) are for admins only.
 */
export const getPostsQuery = z.object({
  key: blogKeyField.optional(),
  publish: z
    .enum(['true', 'false'], { error: m.publishInvalid })
    .default('true')
    .transform((value) => value === 'true'),
  cursor: textField().max(200).optional(),
  limit: numberInput(z.number().int().min(1).max(blogLimits.postsPageMax)).default(blogLimits.postsPageSize),
});
export const postsReply = z.object({
  data: z.array(postCard),
  /** opaque keyset cursor of the next page, null on the last */
  next: z.string().nullable(),
});
export type PostsReply = z.infer<typeof postsReply>;

/** POST /blog/createPost and POST /post/updatePost/{postId}: the server sanitises `html` and derives the text. */
export const postBody = z.object({
  title: textField({ error: m.titleRequired })
    .trim()
    .min(1, m.titleRequired)
    .max(blogLimits.titleMax, m.titleTooLong),
  html: multilineTextField({ error: m.textRequired }).max(blogLimits.htmlMax, m.textTooLong),
  /**
   * the editor's JSON document: bounded, without control characters (PostgreSQL's jsonb refuses NUL), and what the
   * editor can make (editor-document.ts: its nodes and marks, links, pictures from our own media only)
   */
  draft: z
    .record(z.string(), z.unknown(), { error: m.draftInvalid })
    .refine((draft) => JSON.stringify(draft).length <= blogLimits.draftMax && !controlCharactersIn(draft), {
      message: m.draftInvalid,
      abort: true,
    })
    .superRefine((draft, ctx) => {
      const problem = editorDocumentProblem(draft);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  key: blogKeyField,
});
export type PostBody = z.infer<typeof postBody>;
export const postReply = z.object({ data: post });
export type PostReply = z.infer<typeof postReply>;

/**
 * GET /post/{id}. With access: the post, its blog and (signed-in readers) the visit the leave call closes.
 * Without: 403 (signed in) or 401 (anonymous, `requiresLogin`) with `error` HTML, the post's metadata and blog.
 */
export const postPageReply = z.object({
  success: z.literal(true),
  data: z.object({ post, blog: blogInfo, visit: z.string().nullable() }),
});
export type PostPageReply = z.infer<typeof postPageReply>;
export const postRefusalReply = z.object({
  success: z.literal(false),
  /** sanitised HTML shown in the page (spec 2 section 8) */
  error: z.string(),
  requiresLogin: z.boolean(),
  post: postMeta,
  blog: blogInfo,
});
export type PostRefusalReply = z.infer<typeof postRefusalReply>;

/** GET /publishPost?id= and /unPublishPost?id=: the reply replaces the list the post left (spec 2 section 4). */
export const publishQuery = z.object({ id: postIdField, key: blogKeyField.optional() });

/** POST /post/saveBlogResearch: the post's associated research, replaced whole (an empty list clears it). */
export const saveBlogResearchBody = z.object({
  iPostID: postIdField,
  /** comma-separated report ids, in the order shown */
  sResearches: textField()
    .trim()
    .max(200, m.researchInvalid)
    .regex(/^(\d{1,10}(,\d{1,10})*)?$/, m.researchInvalid),
});
export type SaveBlogResearchBody = z.input<typeof saveBlogResearchBody>;

/** A report as the post page's side panel links it (existence only, like every report list). */
export const postResearchItem = z.object({
  id: z.number(),
  title: z.string(),
  published_date: z.string(),
  analysts: z.array(analystRef),
  sectors: z.array(sectorRef),
});
export type PostResearchItem = z.infer<typeof postResearchItem>;

/**
 * GET /post/associatedResearch/{id}: the side panel. Associated Research plus Must Read when the post has
 * associated research, otherwise Must Read plus Most Viewed (spec 2 section 2); `mostViewed` is empty then.
 */
export const associatedResearchReply = z.object({
  data: z.array(postResearchItem),
  mustRead: z.array(postResearchItem),
  mostViewed: z.array(postResearchItem),
});
export type AssociatedResearchReply = z.infer<typeof associatedResearchReply>;

/** GET /post/stat/{id}?page=: post statistics (admin), 15 rows a page, newest visit first. */
export const postStatQuery = z.object({ page: numberInput(z.number().int().min(1).max(100_000)).default(1) });
export const postStatRecord = z.object({
  sName: z.string(),
  sCompanyName: z.string(),
  dLogTimeUtc: z.string(),
  dExitTimeUtc: z.string().nullable(),
  /** minutes spent: measured (leave and heartbeats), else 2 */
  minutes: z.number(),
  measured: z.boolean(),
});
export type PostStatRecord = z.infer<typeof postStatRecord>;
export const postStatReply = z.object({
  data: z.array(postStatRecord),
  total: z.number(),
  page: z.number(),
  /** average minutes over every visit of the post, 2 decimals */
  averageMinutes: z.number(),
});
export type PostStatReply = z.infer<typeof postStatReply>;

/** GET /post/leave/{postId}?visit= (on unload and navigation) and POST /post/heartbeat/{postId} (ours). */
/** A visit id (a UUID); a control character is refused as in every text field, before the UUID check. */
const visitField = textField({ error: m.visitInvalid }).pipe(z.uuid({ error: m.visitInvalid }));
export const postVisitQuery = z.object({ visit: visitField });
export const postHeartbeatBody = z.object({
  visit: visitField,
  /** the page became visible again: restart the clock without counting the hidden time */
  resumed: z.boolean().default(false),
});

/** POST /posts/uploadImage (multipart, field `file`): the stored, re-encoded image's public path. */
export const uploadImageReply = z.object({ path: z.string(), width: z.number(), height: z.number() });
export type UploadImageReply = z.infer<typeof uploadImageReply>;

// ---------------------------------------------------------------------------------------------------------------
// Search (ours: post text is part of the site search)

/** GET /posts/search?q=&cursor=: published posts matching the words, best first; a snippet only with access. */
export const postSearchQuery = z.object({
  q: textField().trim().min(1).max(200),
  cursor: textField().max(200).optional(),
});
export const postSearchHit = z.object({
  id: z.number(),
  title: z.string(),
  key: z.string(),
  blogTopic: z.string(),
  published_date: z.string(),
  entitled: z.boolean(),
  /** plain text with <mark> around matches; null without access */
  snippet: z.string().nullable(),
});
export type PostSearchHit = z.infer<typeof postSearchHit>;
export const postSearchReply = z.object({
  data: z.array(postSearchHit),
  total: z.number(),
  next: z.string().nullable(),
});
export type PostSearchReply = z.infer<typeof postSearchReply>;
