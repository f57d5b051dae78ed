// ---------------------------------------------------------------------------------------------------------
// Research catalogue (spec 1 sections 2.6 and 3, spec 2 section 3)

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const regions = pgTable('regions', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  regionId: integer('region_id').references(() => regions.id),
});

export const sectors = pgTable('sectors', {
  // Ids as in the CRM (e.g. 10000131, the sector with key charts).
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  imagePath: text('image_path'),
  sort: integer('sort').notNull().default(0),
});

export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    display: text('display').notNull(),
    // short name as printed on reports
    shortName: text('short_name').notNull(),
    bbgCode: text('bbg_code').notNull().default(''),
    description: text('description'),
    imagePath: text('image_path'),
    countryId: integer('country_id').references(() => countries.id),
    sectorId: integer('sector_id').references(() => sectors.id),
  },
  (t) => [index('companies_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`)],
);

export const analysts = pgTable(
  'analysts',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    designation: text('designation').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull().default(''),
    // sanitised HTML
    description: text('description'),
    imagePath: text('image_path'),
    // 'Analysts' enables CONNECT booking
    jobCategory: text('job_category').notNull().default('Analysts'),
    jobId: text('job_id').notNull().default(''),
    // null sorts last
    sortOrder: integer('sort_order'),
    isOurPeople: boolean('is_our_people').notNull().default(true),
    membershipStatus: text('membership_status').notNull().default('active'),
  },
  (t) => [index('analysts_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`)],
);

export const analystSectors = pgTable(
  'analyst_sectors',
  {
    analystId: integer('analyst_id')
      .notNull()
      .references(() => analysts.id, { onDelete: 'cascade' }),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.analystId, t.sectorId] }),
    index('analyst_sectors_sector_idx').on(t.sectorId),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    coverage: text('coverage').notNull().default(''),
    publication: text('publication').notNull().default(''),
    description: text('description').notNull().default(''),
    hashtags: text('hashtags').array().notNull().default(sql`'{}'::text[]`),
    publishedAt: at('published_at').notNull(),
    videoId: text('video_id'),
    fileType: text('file_type').notNull(),
    // storage key of the file, or the address for youtube and iframe reports
    filePath: text('file_path').notNull(),
    type: text('type', { enum: ['latest', 'highlighted'] })
      .notNull()
      .default('latest'),
    isTempReport: boolean('is_temp_report').notNull().default(false),
    mustRead: boolean('must_read').notNull().default(false),
    // readers without an entitlement may open it (free-access reports)
    freeAccess: boolean('free_access').notNull().default(false),
    // the firm's branded selection (spec 2: "Aletheia Select"), only for reports at least 7 days old (issue 23)
    specialSelect: boolean('special_select').notNull().default(false),
    // Publishing (issue 23): 'scheduled' until its time comes (claimed once by one process), 'published' in every
    // list, 'withdrawn' nowhere (files refused, e-mailed links dead). Readers only ever see 'published'.
    state: text('state', { enum: ['scheduled', 'published', 'withdrawn'] })
      .notNull()
      .default('published'),
    // bumped when the file is replaced: stamped copies and e-mailed links of an older version stop working
    fileVersion: integer('file_version').notNull().default(1),
    // when the publish alerts were queued (null: not yet; scheduled reports get theirs when they go out)
    alertsQueuedAt: at('alerts_queued_at'),
    withdrawnAt: at('withdrawn_at'),
    updatedAt: at('updated_at'),
    accessKey: text('access_key').notNull(),
    // primary sector
    sectorId: integer('sector_id').references(() => sectors.id),
    // text extracted from the file when the report is added (full-text search, entitlement-aware snippets)
    bodyText: text('body_text').notNull().default(''),
    // the linked companies' names and tickers, kept by triggers on report_companies and companies (migration
    // 0007): a generated column cannot read other tables, and the search vector weighs them with the description
    searchEntities: text('search_entities').notNull().default(''),
    // Title and hashtags weigh A, description and companies B, the file's text C. search_words() splits tokens
    // the parser keeps whole (EV/EBITDA, P/E, 2330.TW) into words, search_hashtags() adds the words of a CamelCase
    // tag (migration 0007); the query builder (research/search-query.ts) sees the text the same way.
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', search_words(coalesce(title, '') || ' ' || search_hashtags(hashtags))), 'A') || setweight(to_tsvector('english', search_words(coalesce(description, '') || ' ' || coalesce(search_entities, ''))), 'B') || setweight(to_tsvector('english', search_words(left(coalesce(body_text, ''), 500000))), 'C')`,
      ),
    // minutes to read the file's text at 230 words a minute (at least 1), null without text (migration 0007)
    readingMinutes: integer('reading_minutes').generatedAlwaysAs(sql`text_reading_minutes(body_text)`),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_access_key_idx').on(t.accessKey),
    index('reports_published_idx').on(t.publishedAt.desc(), t.id.desc()),
    index('reports_sector_published_idx').on(t.sectorId, t.publishedAt.desc(), t.id.desc()),
    index('reports_search_idx').using('gin', t.searchVector),
    index('reports_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('reports_hashtags_idx').using('gin', t.hashtags),
    check('reports_type_check', sql`${t.type} in ('latest', 'highlighted')`),
    check('reports_state_check', sql`${t.state} in ('scheduled', 'published', 'withdrawn')`),
    // the scheduler's claim: scheduled reports by their time
    index('reports_scheduled_idx').on(t.publishedAt).where(sql`${t.state} = 'scheduled'`),
    // the readers' lists (only published reports, research-sql.ts visibleSql): newest first, and their counts from
    // the index alone (a count over the full date index would have to read every row's state)
    index('reports_visible_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.state} = 'published'`),
  ],
);

/**
 * The body text of a report cut into short passages (about 600 characters, at word boundaries), each with its own
 * tsvector, so that a search snippet is drawn with ts_headline from the best-matching passage (or two adjacent
 * ones) instead of parsing the whole document for every result. Rows are kept by triggers on `reports` (insert and
 * body_text changes, migration 0005), so every writer (ingest, seeds, the scale seed, tests) gets them.
 */
export const reportPassages = pgTable(
  'report_passages',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    // position of the passage in the body (increasing, not necessarily consecutive)
    ord: integer('ord').notNull(),
    body: text('body').notNull(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', search_words(body))`),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.ord] })],
);

/**
 * What a report's card shows of its links, kept by triggers (migration 0021) on the four link tables and on the
 * analysts', companies', countries' and sectors' names (and an analyst's photo): one json array of
 * [kind, id, name, extra, extra] in display order, read by the research lists with the page (one statement for a
 * page and its links, issue 26) instead of joining four tables on every request. A report without links has none.
 */
export const reportCardLinks = pgTable('report_card_links', {
  reportId: integer('report_id')
    .primaryKey()
    .references(() => reports.id, { onDelete: 'cascade' }),
  links: jsonb('links').notNull(),
});

export const reportAnalysts = pgTable(
  'report_analysts',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    analystId: integer('analyst_id')
      .notNull()
      .references(() => analysts.id, { onDelete: 'cascade' }),
    // the first analyst is the lead author shown on cards
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.analystId] }),
    index('report_analysts_analyst_idx').on(t.analystId),
  ],
);

export const reportCompanies = pgTable(
  'report_companies',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.companyId] }),
    index('report_companies_company_idx').on(t.companyId),
  ],
);

export const reportCountries = pgTable(
  'report_countries',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.countryId] }),
    index('report_countries_country_idx').on(t.countryId),
  ],
);

export const reportSectors = pgTable(
  'report_sectors',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
    // the first sector is the one linked on cards
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.sectorId] }),
    index('report_sectors_sector_idx').on(t.sectorId),
  ],
);

/**
 * Each report under each of its sectors (the primary one and the linked ones) with its date, kept by triggers
 * (migration 0022) on reports and report_sectors: a date-ordered list filtered by sector (a sector filter, My
 * Research) walks its sectors' rows newest first (issue 26), instead of walking every report by date and probing
 * report_sectors for each until a page is found.
 */
export const reportSectorDates = pgTable(
  'report_sector_dates',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
    publishedAt: at('published_at'),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.sectorId] }),
    index('report_sector_dates_order_idx').on(t.sectorId, t.publishedAt.desc(), t.reportId.desc()),
  ],
);

export const savedReports = pgTable(
  'saved_reports',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    savedAt: at('saved_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.reportId] }),
    index('saved_reports_user_idx').on(t.userId, t.savedAt.desc()),
  ],
);

export const reportViews = pgTable(
  'report_views',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    viewedAt: at('viewed_at').notNull(),
  },
  (t) => [index('report_views_viewed_idx').on(t.viewedAt, t.reportId)],
);

export const keyCharts = pgTable(
  'key_charts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    title: text('title').notNull(),
    unit: text('unit').notNull().default(''),
    // { labels: string[], series: { name, values }[] }
    data: jsonb('data').$type<{ labels: string[]; series: { name: string; values: number[] }[] }>().notNull(),
    source: text('source').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('key_charts_sector_idx').on(t.sectorId, t.category)],
);

export type Report = typeof reports.$inferSelect;
export type Analyst = typeof analysts.$inferSelect;

/**
 * The distinct lower-case words of report titles, kept by triggers on reports (see the migration). A typo in a
 * search is corrected against these few thousand words (trigram similarity), never against 100,000 titles.
 */
export const reportTitleWords = pgTable('report_title_words', { word: text('word').primaryKey() }, (t) => [
  index('report_title_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);
