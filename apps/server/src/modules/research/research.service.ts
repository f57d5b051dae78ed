import {
  type MostViewedPeriod,
  type ReportCard,
  type ReportsReply,
  reportFileTypes,
  type reportsQuery,
} from '@portal/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Entitlement } from '../entitlements/entitlements.ts';
import type { Clock } from '../runtime.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import {
  countReports,
  countStatement,
  findReportLinks,
  findSuggestions,
  jsonValue,
  knownHashtags,
  type ListFilter,
  type ListPosition,
  listReports,
  MARK_START,
  MARK_STOP,
  orderKind,
  type ReportRow,
  reportExists,
  saveReport,
  statementKey,
  unsaveReport,
} from './research.repository.ts';

export type ReportsQueryParsed = z.output<typeof reportsQuery>;

/** Who asks: the entitlement decides `entitled` and snippets; userId the `saved` flag and the saved list. */
export interface Caller {
  userId: number | null;
  entitlement: Entitlement;
}

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const periodDays: Record<MostViewedPeriod, number> = {
  'Past Week': 7,
  'Past Month': 30,
  'Past 3 Months': 91,
  'Past Year': 365,
};

// Counting every matching row costs more than the page itself at 100,000 reports (an index-only scan of the
// whole list), so exact counts are cached per process for a few seconds, keyed by the statement and its
// parameters. Saving clears the cache so that the saved list's total is right at once.
const COUNT_TTL_MS = 10_000;
const COUNT_CACHE_MAX = 1000;
// A sector filter matching at least 1 in 50 reports fills a page after about 50 x pageSize index entries.
const BROAD_SHARE = 50;

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Search snippets are plain text with <mark> around hits: escape everything else (only <mark> survives). */
export const snippetHtml = (raw: string) =>
  escapeHtml(raw).replaceAll(MARK_START, '<mark>').replaceAll(MARK_STOP, '</mark>');

const fileTypeOf = (value: string): ReportCard['filetype'] =>
  (reportFileTypes as readonly string[]).includes(value) ? (value as ReportCard['filetype']) : 'pdf';

export class InvalidCursorError extends Error {}

export const createResearchService = (deps: { db: Db; clock: Clock }) => {
  const { db, clock } = deps;
  const counts = new Map<string, { n: number; at: number }>();

  const cachedCount = async (filter: ListFilter) => {
    const statement = countStatement(filter);
    const key = statementKey(statement);
    const now = Date.now();
    const hit = counts.get(key);
    if (hit && now - hit.at < COUNT_TTL_MS) return hit.n;
    const n = await countReports(db, statement);
    if (counts.size >= COUNT_CACHE_MAX) counts.clear();
    counts.set(key, { n, at: now });
    return n;
  };

  const toCard = (
    row: ReportRow,
    rankOffset: number,
    index: number,
    period?: MostViewedPeriod,
  ): ReportCard => ({
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    coverage: row.coverage,
    publication: row.publication,
    description: row.description,
    hashtags: jsonValue<string[]>(row.hashtags),
    published_date: row.published_date,
    video: row.video,
    filetype: fileTypeOf(row.filetype),
    saved: row.saved,
    type: row.type,
    isTempReport: row.is_temp_report,
    mustRead: row.must_read,
    sectorId: row.sector_id,
    analysts: row.analysts,
    companies: row.companies,
    countries: row.countries,
    sectors: row.sectors,
    entitled: row.entitled,
    ...(row.snippet === null ? {} : { snippet: snippetHtml(row.snippet) }),
    ...(period === undefined || row.views === null
      ? {}
      : { mostviewed: { count: Number(row.views), menuSort: rankOffset + index + 1 } }),
  });

  // Whole minutes, so that the count cache recognises the same period from one request to the next.
  const since = (period: MostViewedPeriod) =>
    new Date(Math.floor(clock().getTime() / MINUTE_MS) * MINUTE_MS - periodDays[period] * DAY_MS);

  /** Turns the query into SQL filters: hashtag or text tags, related links, scopes. */
  const filterOf = async (
    query: ReportsQueryParsed,
    caller: Caller,
    scopeSectorIds?: readonly number[],
  ): Promise<ListFilter> => {
    const tags = [
      ...new Set((query.tags ?? []).map((tag) => tag.replace(/^#+/, '').trim().toLowerCase())),
    ].filter(Boolean);
    const known = await knownHashtags(db, tags);
    const filter: ListFilter = {
      type: query.type,
      q: query.q || undefined,
      hashtags: tags.filter((tag) => known.has(tag)),
      textTags: tags.filter((tag) => !known.has(tag)),
      sector: query.sector,
      analyst: query.analyst,
      company: query.company,
      country: query.country,
      region: query.region || undefined,
      dStart: query.dStart,
      dEnd: query.dEnd,
      savedBy: caller.userId ?? undefined,
      viewedSince: query.type === 'mostviewed' ? since(query.period) : undefined,
    };
    if (query.mine === '1') filter.scopeSectorIds = caller.entitlement.subscribedSectorIds;
    if (scopeSectorIds) filter.scopeSectorIds = scopeSectorIds;
    if (query.type === 'related' && query.id !== undefined) {
      filter.related = (await findReportLinks(db, query.id)) ?? undefined;
    }
    return filter;
  };

  const filtersEcho = (query: ReportsQueryParsed): ReportsReply['filters'] => ({
    type: query.type,
    ...(query.q ? { q: query.q } : {}),
    ...(query.tags?.length ? { tags: query.tags } : {}),
    ...(query.sector ? { sector: query.sector } : {}),
    ...(query.analyst ? { analyst: query.analyst } : {}),
    ...(query.company ? { company: query.company } : {}),
    ...(query.country ? { country: query.country } : {}),
    ...(query.region ? { region: query.region } : {}),
    ...(query.dStart ? { dStart: query.dStart } : {}),
    ...(query.dEnd ? { dEnd: query.dEnd } : {}),
    ...(query.type === 'mostviewed' ? { period: query.period } : {}),
  });

  const list = async (
    query: ReportsQueryParsed,
    caller: Caller,
    options: { scopeSectorIds?: readonly number[] } = {},
  ): Promise<ReportsReply> => {
    const filter = await filterOf(query, caller, options.scopeSectorIds);
    const pageSize = query.pageSize;
    const kind = orderKind(filter);
    let page = query.page;
    let position: ListPosition =
      page > 1 ? { kind: 'offset', offset: (page - 1) * pageSize } : { kind: 'first' };
    if (query.cursor !== undefined) {
      const cursor = decodeCursor(query.cursor);
      if (!cursor || (cursor.kind === 'keyset') !== (kind === 'date')) throw new InvalidCursorError();
      page = cursor.page;
      position = cursor.kind === 'keyset' ? cursor : { kind: 'offset', offset: cursor.offset };
    }
    const total = await cachedCount(filter);
    if (filter.sector || filter.scopeSectorIds) {
      // Counts are cached, so choosing the plan from them costs nothing on a warm process.
      const everything = await cachedCount({ type: 'all', hashtags: [], textTags: [] });
      filter.broad = total * BROAD_SHARE >= everything;
    }
    const rows = await listReports(db, {
      filter,
      entitlement: caller.entitlement,
      userId: caller.userId,
      position,
      limit: pageSize + 1,
    });
    const hasNext = rows.length > pageSize;
    const pageRows = rows.slice(0, pageSize);
    const offset = position.kind === 'offset' ? position.offset : (page - 1) * pageSize;
    const last = pageRows.at(-1);
    let next: string | null = null;
    if (hasNext && last) {
      next =
        kind === 'date'
          ? encodeCursor({ kind: 'keyset', at: last.cursor_at, id: last.id, page: page + 1 })
          : encodeCursor({ kind: 'offset', offset: offset + pageSize, page: page + 1 });
    }
    const period = query.type === 'mostviewed' ? query.period : undefined;
    return {
      data: pageRows.map((row, index) => toCard(row, offset, index, period)),
      pagination: { current: page, total: Math.ceil(total / pageSize), next },
      filters: filtersEcho(query),
    };
  };

  /** Side data of the research page: must-read, most viewed in the period, highlighted (10 each). */
  const overall = async (caller: Caller, period: MostViewedPeriod) => {
    const top = async (type: ListFilter['type'], extra: Partial<ListFilter> = {}) => {
      const filter: ListFilter = { type, hashtags: [], textTags: [], ...extra };
      const rows = await listReports(db, {
        filter,
        entitlement: caller.entitlement,
        userId: caller.userId,
        position: { kind: 'first' },
        limit: 10,
      });
      return rows.map((row, index) => toCard(row, 0, index, type === 'mostviewed' ? period : undefined));
    };
    const [mustRead, mostViewed, highlighted] = await Promise.all([
      top('all', { mustRead: true }),
      top('mostviewed', { viewedSince: since(period) }),
      top('highlighted'),
    ]);
    return { mustRead, mostViewed, highlighted, period };
  };

  return {
    list,
    overall,
    suggestions: (q: string, limit: number) => findSuggestions(db, q, limit),

    /** Idempotent: saving twice keeps one row, unsaving an unsaved report is fine. */
    async save(userId: number, reportId: number, saved: boolean) {
      if (!(await reportExists(db, reportId))) return { kind: 'notFound' as const };
      if (saved) await saveReport(db, userId, reportId, clock());
      else await unsaveReport(db, userId, reportId);
      counts.clear();
      return { kind: 'ok' as const, saved };
    },
  };
};

export type ResearchService = ReturnType<typeof createResearchService>;
