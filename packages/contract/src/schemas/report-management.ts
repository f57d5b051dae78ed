import { z } from 'zod';
import { messagesReportAdmin as m } from '../messages-report-admin.ts';
import { numberInput, textField } from './fields.ts';

/**
 * Report Management (issue 23; spec 2 "Report Management"): the admin's list of every report (scheduled and
 * withdrawn ones too, with their state) and the four curation toggles. The spec names no payload: every query
 * param is optional.
 */
export const reportManagementConstants = {
  pageSize: { default: 25, max: 100 },
  /** ours: the longest title search */
  searchMax: 200,
} as const;

export const reportManagementFilters = ['all', 'selected', 'mustRead', 'highlighted', 'select'] as const;
export type ReportManagementFilter = (typeof reportManagementFilters)[number];

export const reportStates = ['scheduled', 'published', 'withdrawn'] as const;
export type ReportState = (typeof reportStates)[number];

/** GET /report/reportManagementAll?filter&q&cursor&pageSize (newest published first; keyset paging). */
export const reportManagementQuery = z.object({
  filter: z.enum(reportManagementFilters).default('all'),
  /** case-insensitive part of the title */
  q: textField().trim().max(reportManagementConstants.searchMax).optional(),
  /** `next` of the previous page */
  cursor: textField()
    .max(100)
    .regex(/^[\w-]+$/, m.badCursor)
    .optional(),
  pageSize: numberInput(z.number().int().min(1).max(reportManagementConstants.pageSize.max)).default(
    reportManagementConstants.pageSize.default,
  ),
});
export type ReportManagementQuery = z.input<typeof reportManagementQuery>;

/**
 * ':id' of the toggles: the report's number, also accepted as the viewer's 'S-123' / 'H-123' form (the viewer's
 * admin toolbar highlights through the same call).
 */
const reportIdParam = textField()
  .regex(/^(?:[SH]-)?\d{1,10}$/i, m.badId)
  .transform((value) => Number(value.replace(/^[SH]-/i, '')))
  .pipe(z.number({ error: m.badId }).int().min(1, m.badId).max(2_147_483_647, m.badId));
export const reportFlagParams = z.object({ id: reportIdParam });

/** POST /report/{id}/tempReport | mustRead | highlight | select */
export const reportFlagBody = z.object({ status: z.boolean() }).strict();
export type ReportFlagBody = z.infer<typeof reportFlagBody>;

/** One row of the management list (spec 2 section 3 "Research item (management fields)", with ours). */
export const reportManagementRow = z.object({
  id: z.number(),
  title: z.string(),
  /** UTC, ISO 8601 (a scheduled report's publish time) */
  published_date: z.string(),
  type: z.enum(['latest', 'highlighted']),
  isTempReport: z.boolean(),
  mustRead: z.boolean(),
  /** the firm's branded selection (spec: 'Aletheia Select') */
  specialSelect: z.boolean(),
  /** when the report may join the branded selection (published_date + 7 days), UTC ISO */
  selectableFrom: z.string(),
  state: z.enum(reportStates),
  sector: z.object({ id: z.number(), sName: z.string() }).nullable(),
  analyst: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type ReportManagementRow = z.infer<typeof reportManagementRow>;

export const reportManagementReply = z.object({
  data: z.array(reportManagementRow),
  /** cursor of the next page, null on the last one */
  next: z.string().nullable(),
  filters: z.object({ filter: z.enum(reportManagementFilters), q: z.string().optional() }),
});
export type ReportManagementReply = z.infer<typeof reportManagementReply>;

export const reportFlagReply = z.object({ success: z.literal(true), report: reportManagementRow });
export type ReportFlagReply = z.infer<typeof reportFlagReply>;
