// Site tables (issue 5): navigation, favourites, sliders, content, contact messages and the captcha's state.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The server-driven navigation menu (spec 1 section 2.3): a tree, ordered among siblings. */
export const navItems = pgTable(
  'nav_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => navItems.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['link', 'dropdown', 'favourites', 'modal'] }).notNull(),
    label: text('label').notNull(),
    path: text('path'),
    tag: text('tag'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('nav_items_parent_idx').on(t.parentId, t.sortOrder),
    check('nav_items_type_check', sql`${t.type} in ('link', 'dropdown', 'favourites', 'modal')`),
  ],
);

/** Favourites (blogs, spec 2 "Blog info"): the favourites dropdown lists them, each page is /blogs/{key}. */
export const blogs = pgTable(
  'blogs',
  {
    key: text('key').primaryKey(),
    topic: text('topic').notNull().default('BLOGS'),
    subtitle: text('subtitle').notNull().default('Turning risk into opportunity'),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: at('created_at').notNull(),
    // Blog config (issue 14; spec 2 "Blog info"): optional region and type, the disclaimer (sanitised HTML), the
    // author ({id, extraHTML, name, email}, extraHTML sanitised), the access level and, for pi, its sectors.
    region: text('region'),
    blogType: text('blog_type'),
    footerHtml: text('footer_html'),
    author: jsonb('author').$type<{ id: number | null; extraHTML: string; name: string; email: string }>(),
    accessType: text('access_type', { enum: ['pre', 'npi', 'pi'] })
      .notNull()
      .default('npi'),
    selectedSectors: integer('selected_sectors').array().notNull().default(sql`'{}'::integer[]`),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('blogs_access_type_check', sql`${t.accessType} in ('pre', 'npi', 'pi')`)],
);

/** Homepage sliders (spec 2 "Slider item"); the landing shows the active ones in order. */
export const sliders = pgTable(
  'sliders',
  {
    key: text('key').primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: ['image', 'video', 'url', 'none'] })
      .notNull()
      .default('none'),
    active: boolean('active').notNull().default(false),
    link: text('link'),
    reportUrl: text('report_url'),
    heading: text('heading').notNull().default(''),
    subHeading: text('sub_heading').notNull().default(''),
    isPrivate: boolean('is_private').notNull().default(false),
    // Storage key in the public 'sliders' media folder.
    mediaKey: text('media_key'),
    duration: integer('duration'),
    format: text('format'),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('sliders_active_order_idx').on(t.active, t.sortOrder),
    check('sliders_type_check', sql`${t.type} in ('image', 'video', 'url', 'none')`),
  ],
);

/**
 * A page's header picture (issue 24; spec 2 "Header images"), by the page's key (the contract's headerImageKeys).
 * No row is the default: the page's plain header.
 */
export const headerImages = pgTable('header_images', {
  key: text('key').primaryKey(),
  // Storage key in the public 'headers' media folder.
  mediaKey: text('media_key').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/** Rich-text content objects by key ('about' is Our Firm / About Us). */
export const siteContent = pgTable('site_content', {
  key: text('key').primaryKey(),
  html: text('html').notNull(),
  updatedAt: at('updated_at'),
});

/** Messages sent with the contact forms (/AOI/Investor, /AOI/Analyst). No IP or tracking data is kept. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type', { enum: ['Investor', 'Analyst'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    // The outbox row of the mail to the firm.
    mailId: integer('mail_id'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    check('contact_messages_type_check', sql`${t.type} in ('Investor', 'Analyst')`),
  ],
);

/** Captcha proofs already accepted (challenge nonces, verifyToken tokens), kept until they expire anyway. */
export const captchaUses = pgTable(
  'captcha_uses',
  {
    id: text('id').primaryKey(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('captcha_uses_expires_idx').on(t.expiresAt)],
);

/** Server secrets generated once per database (the captcha's HMAC key); never sent to any client. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: at('created_at').notNull(),
});
