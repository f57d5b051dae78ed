import { z } from 'zod';
import {
  defaultMostViewedPeriod,
  mostViewedPeriods,
  reportFileTypes,
  reportListTypes,
  reportPageSize,
} from '../research-constants.ts';
import { isoDateField, numberInput, textField } from './fields.ts';

/**
 * Research catalogue (spec 1 sections 2.6 and 3, spec 2 section 3). Field names follow the spec, which follows
 * the CRM it replaced (snake_case and Hungarian-notation names included), so that the calls keep their shapes.
 */

/** A keyset cursor that was not issued by the server (or no longer fits the list) is refused with 400. */
export const reportCursorInvalid = 'The cursor is not valid';

const csvList = textField()
  .max(2000)
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
/** Database ids are 32-bit integers: anything larger is refused here, not by the database. */
const maxId = 2_147_483_647;
const idList = textField()
  .max(2000)
  .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'Please use a comma-separated list of ids')
  .transform((value) => value.split(',').map(Number))
  .refine((ids) => ids.every((id) => id <= maxId), 'Please use a comma-separated list of ids');
const isoDate = isoDateField();

/** GET /reports?{query}. Filters combine with AND; ids in one list combine with OR. */
export const reportsQuery = z
  .object({
    type: z.enum(reportListTypes).default('all'),
    page: numberInput(z.number().int().min(1).max(10_000)).default(1),
    pageSize: numberInput(z.number().int().min(1).max(reportPageSize.max)).default(reportPageSize.default),
    /** Keyset cursor from the previous page's `pagination.next` (infinite scroll); wins over `page`. */
    cursor: textField()
      .max(200)
      .regex(/^[\w-]+$/, reportCursorInvalid)
      .optional(),
    /**
     * Free text: full-text search over title, description and the text inside report files. A trailing space is
     * kept (as one): it ends the last word, which is otherwise matched as a prefix.
     */
    q: textField()
      .overwrite((value) => value.trimStart().replace(/\s+$/u, ' '))
      .max(200)
      .optional(),
    /** Hashtags or free-text tags from the tag input, comma-separated. */
    tags: csvList.optional(),
    sector: idList.optional(),
    analyst: idList.optional(),
    company: idList.optional(),
    country: idList.optional(),
    region: textField().trim().max(100).optional(),
    /** 'Date Range:' tag of the tag input, sent as dStart and dEnd (inclusive, ISO dates). */
    dStart: isoDate.optional(),
    dEnd: isoDate.optional(),
    /** type=mostviewed */
    period: z.enum(mostViewedPeriods).default(defaultMostViewedPeriod),
    /** type=related: the report the list is related to */
    id: numberInput(z.number().int().positive().max(maxId)).optional(),
    /** My Research tab: only the sectors of the caller's own matrix */
    mine: z.enum(['0', '1']).optional(),
  })
  .refine((q) => q.type !== 'related' || q.id !== undefined, {
    path: ['id'],
    message: 'A related list needs the id of a report',
  })
  .refine((q) => !q.dStart || !q.dEnd || q.dStart <= q.dEnd, {
    path: ['dEnd'],
    message: 'The end of the date range is before its start',
  });
export type ReportsQuery = z.input<typeof reportsQuery>;

export const analystRef = z.object({ id: z.number(), name: z.string(), image_path: z.string().nullable() });
export const companyRef = z.object({
  id: z.number(),
  name: z.string(),
  display: z.string(),
  sName: z.string(),
});
export const countryRef = z.object({ id: z.number(), name: z.string() });
export const sectorRef = z.object({ id: z.number(), sName: z.string() });

/** A report as lists show it (spec 1 section 3). Never carries file contents or the access key. */
export const reportCard = z.object({
  id: z.number(),
  title: z.string(),
  subtitle: z.string(),
  coverage: z.string(),
  publication: z.string(),
  description: z.string(),
  hashtags: z.array(z.string()),
  /** UTC, ISO 8601; shown as a local date */
  published_date: z.string(),
  video: z.string().nullable(),
  filetype: z.enum(reportFileTypes),
  saved: z.boolean(),
  type: z.enum(['latest', 'highlighted']),
  isTempReport: z.boolean(),
  mustRead: z.boolean(),
  sectorId: z.number().nullable(),
  analysts: z.array(analystRef),
  companies: z.array(companyRef),
  countries: z.array(countryRef),
  sectors: z.array(sectorRef),
  /** Whether the caller may open the report (entitlement); lists show every report's existence. */
  entitled: z.boolean(),
  /** Reading time in minutes estimated from the text of the file (about 230 words a minute); null without text. */
  reading_minutes: z.number().int().nullable(),
  /** Search hit context with <mark> around matches; body text only when entitled. */
  snippet: z.string().optional(),
  mostviewed: z.object({ count: z.number(), menuSort: z.number() }).optional(),
});
export type ReportCard = z.infer<typeof reportCard>;

export const reportsReply = z.object({
  data: z.array(reportCard),
  pagination: z.object({
    current: z.number(),
    total: z.number(),
    /** Opaque keyset cursor for the next page, null on the last page. */
    next: z.string().nullable(),
  }),
  filters: z.object({
    type: z.enum(reportListTypes),
    q: z.string().optional(),
    tags: z.array(z.string()).optional(),
    sector: z.array(z.number()).optional(),
    analyst: z.array(z.number()).optional(),
    company: z.array(z.number()).optional(),
    country: z.array(z.number()).optional(),
    region: z.string().optional(),
    dStart: z.string().optional(),
    dEnd: z.string().optional(),
    period: z.enum(mostViewedPeriods).optional(),
  }),
});
export type ReportsReply = z.infer<typeof reportsReply>;

export const suggestionsQuery = z.object({ q: textField().trim().min(1).max(100) });
/** A published post in the suggestions (issue 14): its title only, whoever asks; the body never. */
export const postSuggestion = z.object({
  id: z.number(),
  title: z.string(),
  key: z.string(),
  published_date: z.string(),
});
export type PostSuggestion = z.infer<typeof postSuggestion>;
export const suggestionsReply = z.object({
  analysts: z.array(z.object({ id: z.number(), name: z.string() })),
  companies: z.array(z.object({ id: z.number(), name: z.string() })),
  countries: z.array(z.object({ id: z.number(), name: z.string() })),
  sectors: z.array(z.object({ id: z.number(), sName: z.string() })),
  reports: z.array(z.object({ id: z.number(), title: z.string(), published_date: z.string() })),
  posts: z.array(postSuggestion),
});
export type SuggestionsReply = z.infer<typeof suggestionsReply>;

export const analyst = z.object({
  id: z.number(),
  name: z.string(),
  designation: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  /** sanitised HTML */
  description: z.string().nullable(),
  image_path: z.string().nullable(),
  /** 'Analysts' enables booking */
  sJobCat: z.string(),
  sJobId: z.string(),
  sectors: z.array(sectorRef),
  /** null sorts last */
  order: z.number().nullable(),
  is_our_people: z.boolean(),
});
export type Analyst = z.infer<typeof analyst>;
export const analystsQuery = z.object({
  id: numberInput(z.number().int().positive().max(maxId)).optional(),
  sector: numberInput(z.number().int().positive().max(maxId)).optional(),
  q: textField().trim().max(100).optional(),
});
export const analystsReply = z.object({ data: z.array(analyst) });

export const company = z.object({
  id: z.number(),
  name: z.string(),
  display: z.string(),
  sName: z.string(),
  sBBG_Code: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  country: countryRef.nullable(),
  sector: sectorRef.nullable(),
});
export type Company = z.infer<typeof company>;
export const companiesQuery = z.object({
  id: numberInput(z.number().int().positive().max(maxId)).optional(),
  q: textField().trim().max(100).optional(),
});
export const companiesReply = z.object({ data: z.array(company) });

export const region = z.object({ id: z.number(), name: z.string() });
export const country = z.object({ id: z.number(), name: z.string(), region: region.nullable() });
export const countriesQuery = z.object({
  id: numberInput(z.number().int().positive().max(maxId)).optional(),
  region: textField().trim().max(100).optional(),
});
export const countriesReply = z.object({ data: z.array(country), regions: z.array(region) });

export const sector = z.object({
  id: z.number(),
  sName: z.string(),
  description: z.string().nullable(),
  /** cover image; the web falls back to a default per spec 1 section 2.6 */
  image: z.string().nullable(),
  /** whether the caller's matrix subscribes to this sector */
  subscribed: z.boolean(),
});
export type Sector = z.infer<typeof sector>;
export const sectorsQuery = z.object({
  id: numberInput(z.number().int().positive().max(maxId)).optional(),
  mine: z.enum(['0', '1']).optional(),
});
export const sectorsReply = z.object({ data: z.array(sector) });

/** Key charts of a sector (sector 10000131 shows them in a Charts tab; default category 'Global IP'). */
export const keyChart = z.object({
  id: z.number(),
  category: z.string(),
  title: z.string(),
  unit: z.string(),
  labels: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), values: z.array(z.number()) })),
  source: z.string(),
});
export type KeyChart = z.infer<typeof keyChart>;
export const keyChartsQuery = z.object({ sectorId: numberInput(z.number().int().positive().max(maxId)) });
export const keyChartsReply = z.object({ data: z.array(keyChart) });

/** POST /reports/save/: status 1 saves, 0 unsaves (spec 1 section 2.7). */
export const saveReportBody = z.object({
  id: numberInput(z.number().int().positive().max(maxId)),
  status: z.union([z.literal(1), z.literal(0), z.literal('1'), z.literal('0')]).transform(Number),
});
export const saveReportReply = z.object({ success: z.literal(true), saved: z.boolean() });

/** GET /overall/research: one lookup answering the research page's side data in one call. */
export const overallResearchReply = z.object({
  mustRead: z.array(reportCard),
  mostViewed: z.array(reportCard),
  highlighted: z.array(reportCard),
  period: z.enum(mostViewedPeriods),
});

/** GET /overall/ourPeople: people with their category (job) and sectors, ordered (null order last). */
export const ourPeopleReply = z.object({
  data: z.array(analyst),
  categories: z.array(z.string()),
});
