import {
  type MostViewedPeriod,
  type ReportCard,
  type ReportsReply,
  reportCard,
  reportFileTypes,
  type reportsQuery,
  reportsReply,
  suggestionsReply,
} from '@portal/contract';
import escapeHtml from 'escape-html';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { JsonBody } from '../cache/json-body.ts';
import { LoadingCache } from '../cache/loading-cache.ts';
import type { ChangeFeed } from '../changes/change-feed.ts';
import { anonymousEntitlement, type Entitlement, mayRead } from '../entitlements/entitlements.ts';
import { HeavyWorkGate, type HeavyWorkLimits } from '../heavy-work/heavy-work-gate.ts';
import type { Clock } from '../runtime.ts';
import { decodeCursor, encodeCursor, InvalidCursorError } from './cursor.ts';
import {
  countReports,
  countStatement,
  findReportLinks,
  findSavedReportIds,
  type ListFilter,
  type ListPosition,
  listReports,
  orderKind,
  type ReportRow,
  reportExists,
  saveReport,
  unsaveReport,
} from './research-list.repository.ts';
import { knownHashtags, MARK_START, MARK_STOP, type SnippetScope } from './research-search.repository.ts';
import { jsonValue } from './research-sql.ts';
import { findSuggestions } from './research-suggestions.repository.ts';

export type ReportsQueryParsed = z.output<typeof reportsQuery>;

/** Who asks: the entitlement decides `entitled` and snippets; userId the `saved` flag and the saved list. */
export interface Caller {
  userId: number | null;
  entitlement: Entitlement;
  /** who the bound on concurrent searches counts this call against (default: the user, else one anonymous key) */
  who?: string;
}

/**
 * Full-text searches in flight. PGlite runs one statement at a time on the server's main thread, so more than one
 * search in flight adds no throughput there and only makes a cheap call (`/api/health`, the landing) wait behind
 * more search statements: one at a time. PostgreSQL runs statements in parallel on its own processes (2 cores
 * here, a pool of 10): four at a time, at most two of one caller. A caller may have 8 more waiting, 32 (64) wait in
 * all; past that the call is refused (429 for the caller, 503 for the server). Waiting searches resume
 * round-robin over callers. README design notes; figures in bench/RESULTS.md.
 */
export const searchLimitsFor = (database: 'pglite' | 'postgres'): HeavyWorkLimits =>
  database === 'pglite'
    ? { slots: 1, perUser: 1, queue: 32, perUserQueue: 8 }
    : { slots: 4, perUser: 2, queue: 64, perUserQueue: 8 };
export const defaultSearchLimits = searchLimitsFor('pglite');

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const periodDays: Record<MostViewedPeriod, number> = {
  'Past Week': 7,
  'Past Month': 30,
  'Past 3 Months': 91,
  'Past Year': 365,
};

// Counts are keyed by the filter that decides their statement; saving clears them so that the saved list's total
// is right at once.
const COUNT_TTL_MS = 10_000;
const COUNT_CACHE_MAX = 1000;
// A sector filter matching at least 1 in 50 reports fills a page after about 50 x pageSize index entries.
const BROAD_SHARE = 50;
// A sector list keeping 1/DENSE_SHARE of the reports or more is paged by walking every report by date (fewer rows
// than a scan a sector when most rows match: My Research over 10 of 12 sectors, bench/RESULTS.md).
const DENSE_SHARE = 2;

/** Search snippets are plain text with <mark> around hits: escape everything else (only <mark> survives). */
export const snippetHtml = (raw: string) =>
  escapeHtml(raw).replaceAll(MARK_START, '<mark>').replaceAll(MARK_STOP, '</mark>');

const fileTypeOf = (value: string): ReportCard['filetype'] =>
  (reportFileTypes as readonly string[]).includes(value) ? (value as ReportCard['filetype']) : 'pdf';

/** A page of rows with what the reply needs besides the cards. */
interface Page {
  rows: ReportRow[];
  total: number;
  page: number;
  offset: number;
  next: string | null;
}

export { JsonBody };

// A shared page keeps the replies it has rendered for up to this many combinations of the caller's flags.
const BODIES_PER_PAGE = 64;

/**
 * A shared page rendered once: each card's JSON without its caller-specific flags (`entitled`, `saved`) and
 * closing brace, so that a reply is these strings joined with the caller's flags; `rest` closes the reply.
 */
interface RenderedPage {
  rows: ReportRow[];
  cards: string[];
  /** per card, the `"snippet"` member for readers entitled to it and for the others (or '' without one) */
  snippets: { entitled: string; other: string }[];
  rest: string;
  /**
   * Replies already put together, by the callers' flags on this page's cards (`entitled` and `saved`, which also
   * decide the snippet): readers with the same flags get the same bytes, so most replies are a lookup.
   */
  bodies: Map<string, JsonBody>;
}

/**
 * Report lists, suggestions and saving.
 *
 * Caching (ARCHITECTURE: measure first; bench/RESULTS.md has the figures): a page of a list that is the same for
 * every reader (anything but the saved list) is computed once without any caller and kept for `cacheTtlMs`; each
 * reply then marks its cards `entitled` with the one entitlement rule (`mayRead`, the same rule as the SQL of
 * uncached lists) and `saved` from the caller's saved ids, also cached and dropped by every save. A full-text page
 * is kept with two snippets per card (from the body, from the title and description) and each reader is shown
 * the body one only on the cards they may read. The caches follow the change feed: a `report`, `post` or `blog`
 * change drops everything shared, a `saved` change the reader's saved ids and the counts. Full-text searches that reach the database pass the bound on heavy work.
 */
export const createResearchService = (deps: {
  db: Db;
  clock: Clock;
  changes: ChangeFeed;
  cacheTtlMs?: number;
  searchLimits?: HeavyWorkLimits;
}) => {
  const { db, clock } = deps;
  const searches = new HeavyWorkGate(deps.searchLimits ?? defaultSearchLimits);
  const cacheTtlMs = deps.cacheTtlMs ?? 0;
  // With the cache off, every list is computed for its caller in SQL (the reference the cached path is tested against).
  const sharing = cacheTtlMs > 0;
  const now = () => clock().getTime();
  // Exact counts cost more than the page itself at 100,000 reports (an index-only scan of the whole list), so
  // they are always cached briefly, whatever the cache setting.
  const counts = new LoadingCache<string, number>({
    ttlMs: COUNT_TTL_MS,
    max: COUNT_CACHE_MAX,
    now,
    staleMs: COUNT_TTL_MS,
  });
  // Shared entries are refreshed in the background when they expire (no stall behind one slow query); a
  // reader's own saved ids are not: they are never served past their ttl.
  const shared = { ttlMs: cacheTtlMs, now, staleMs: cacheTtlMs };
  const pages = new LoadingCache<string, RenderedPage>({ ...shared, max: 2000 });
  const panels = new LoadingCache<string, Awaited<ReturnType<typeof overallRows>>>({ ...shared, max: 20 });
  const suggestionsCache = new LoadingCache<string, JsonBody>({ ...shared, max: 5000 });
  const savedIds = new LoadingCache<number, ReadonlySet<number>>({ ttlMs: cacheTtlMs, max: 10_000, now });
  // Lists and suggestions include posts (their blog's access level decides who sees them), and each card its
  // analysts' names and photos.
  deps.changes.subscribe(['report', 'post', 'blog', 'analyst'], () => {
    counts.clear();
    pages.clear();
    panels.clear();
    suggestionsCache.clear();
  });
  deps.changes.subscribe('saved', (change) => {
    if (change.ids) for (const id of change.ids) savedIds.delete(Number(id));
    else savedIds.clear();
    counts.clear();
  });

  // Keyed by what decides the statement, the filter (but its plan hint): rendering the statement to key it cost
  // every request a drizzle render although the count was cached (issue 26).
  const cachedCount = (filter: ListFilter) => {
    const { broad: _plan, dense: _walk, ...decides } = filter;
    return counts.getOrLoad(JSON.stringify(decides), () =>
      countReports(db, countStatement(filter), filter.q !== undefined || filter.textTags.length > 0),
    );
  };

  const savedSetOf = (userId: number | null): Promise<ReadonlySet<number>> =>
    userId === null
      ? Promise.resolve(new Set())
      : savedIds.getOrLoad(userId, async () => new Set(await findSavedReportIds(db, userId)));

  /** The caller's own flags on a row computed for nobody in particular. */
  const mayReadRow = (row: ReportRow, caller: Caller) =>
    mayRead(caller.entitlement, {
      freeAccess: row.free_access,
      sectorId: row.sector_id,
      sectorIds: row.sectors.map((sector) => sector.id),
    });
  const personalise = (row: ReportRow, caller: Caller, saved: ReadonlySet<number>): ReportRow => ({
    ...row,
    entitled: mayReadRow(row, caller),
    saved: saved.has(row.id),
  });

  /** Who a shared page is computed for: nobody, except for the sectors that scope the My Research tab. */
  const nobodyScopedAs = (caller: Caller): Caller => ({
    userId: null,
    entitlement: { ...anonymousEntitlement, subscribedSectorIds: caller.entitlement.subscribedSectorIds },
  });

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
    reading_minutes: row.reading_minutes === null ? null : Number(row.reading_minutes),
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

  const pageOf = async (
    query: ReportsQueryParsed,
    caller: Caller,
    options: { scopeSectorIds?: readonly number[] },
    snippets: SnippetScope,
  ): Promise<Page> => {
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
      filter.dense = total * DENSE_SHARE >= everything;
    }
    const rows = await listReports(db, {
      filter,
      entitlement: caller.entitlement,
      userId: caller.userId,
      position,
      limit: pageSize + 1,
      snippets,
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
    return { rows: pageRows, total, page, offset, next };
  };

  const replyOf = (query: ReportsQueryParsed, page: Page, rows: ReportRow[]): ReportsReply => {
    const period = query.type === 'mostviewed' ? query.period : undefined;
    return {
      data: rows.map((row, index) => toCard(row, page.offset, index, period)),
      pagination: { current: page.page, total: Math.ceil(page.total / query.pageSize), next: page.next },
      filters: filtersEcho(query),
    };
  };

  /** Renders a page computed for nobody: validated once here, so that requests only add their flags. */
  const render = (query: ReportsQueryParsed, page: Page): RenderedPage => {
    const { data, pagination, filters } = replyOf(query, page, page.rows);
    const shape = reportsReply.shape;
    const member = (raw: string | null) =>
      raw === null ? '' : `,"snippet":${JSON.stringify(snippetHtml(raw))}`;
    return {
      rows: page.rows,
      cards: data.map((card) => {
        const { entitled: _entitled, saved: _saved, snippet: _snippet, ...rest } = reportCard.parse(card);
        return JSON.stringify(rest).slice(0, -1);
      }),
      snippets: page.rows.map((row) => ({
        entitled: member(row.body_snippet ?? row.title_snippet),
        other: member(row.title_snippet),
      })),
      rest: `],"pagination":${JSON.stringify(shape.pagination.parse(pagination))},"filters":${JSON.stringify(shape.filters.parse(filters))}}`,
      bodies: new Map(),
    };
  };

  const list = async (
    query: ReportsQueryParsed,
    caller: Caller,
    options: { scopeSectorIds?: readonly number[] } = {},
  ): Promise<ReportsReply | JsonBody> => {
    // A full-text search is heavy (ranking every hit, snippets): it waits for a slot of the bound; the rest is
    // index walks of a page and runs at once.
    const compute = (who: Caller, snippets: SnippetScope) =>
      query.q
        ? searches.run(caller.who ?? `user:${caller.userId ?? 'anonymous'}`, () =>
            pageOf(query, who, options, snippets),
          )
        : pageOf(query, who, options, snippets);
    if (!sharing || query.type === 'saved') {
      const page = await compute(caller, 'entitled');
      return replyOf(query, page, page.rows);
    }
    const scope = query.mine === '1' ? caller.entitlement.subscribedSectorIds : null;
    const key = JSON.stringify([query, options.scopeSectorIds ?? null, scope]);
    const [page, saved] = await Promise.all([
      // A search page is computed with a body snippet on every card; each reader sees the body snippets of the
      // cards they may read only (the same rule as the SQL of the uncached path), the title headline elsewhere.
      pages.getOrLoad(key, async () => render(query, await compute(nobodyScopedAs(caller), 'all'))),
      savedSetOf(caller.userId),
    ]);
    // Only the caller's two flags per card: no copy of the rows on the path most replies take.
    const flags = page.rows.map((row) => ({ entitled: mayReadRow(row, caller), saved: saved.has(row.id) }));
    const flagsKey = flags.map((mine) => (mine.entitled ? 1 : 0) + (mine.saved ? 2 : 0)).join('');
    const known = page.bodies.get(flagsKey);
    if (known) return known;
    const cards = flags.map((mine, index) => {
      const snippet = page.snippets[index]?.[mine.entitled ? 'entitled' : 'other'] ?? '';
      return `${page.cards[index]},"entitled":${mine.entitled},"saved":${mine.saved}${snippet}}`;
    });
    const body = new JsonBody(`{"data":[${cards.join(',')}${page.rest}`);
    if (page.bodies.size < BODIES_PER_PAGE) page.bodies.set(flagsKey, body);
    return body;
  };

  /** The side panel's rows: must-read, most viewed in the period, highlighted (10 each). */
  const overallRows = async (period: MostViewedPeriod, caller: Caller) => {
    const top = (type: ListFilter['type'], extra: Partial<ListFilter> = {}) =>
      listReports(db, {
        filter: { type, hashtags: [], textTags: [], ...extra },
        entitlement: caller.entitlement,
        userId: caller.userId,
        position: { kind: 'first' },
        limit: 10,
      });
    const [mustRead, mostViewed, highlighted] = await Promise.all([
      top('all', { mustRead: true }),
      top('mostviewed', { viewedSince: since(period) }),
      top('highlighted'),
    ]);
    return { mustRead, mostViewed, highlighted };
  };

  /** Side data of the research page, with the caller's own flags. */
  const overall = async (caller: Caller, period: MostViewedPeriod) => {
    const [rows, saved] = await Promise.all([
      sharing
        ? panels.getOrLoad(period, () => overallRows(period, nobodyScopedAs(caller)))
        : overallRows(period, caller),
      sharing ? savedSetOf(caller.userId) : null,
    ]);
    const cards = (list: ReportRow[], viewPeriod?: MostViewedPeriod) =>
      list.map((row, index) => toCard(saved ? personalise(row, caller, saved) : row, 0, index, viewPeriod));
    return {
      mustRead: cards(rows.mustRead),
      mostViewed: cards(rows.mostViewed, period),
      highlighted: cards(rows.highlighted),
      period,
    };
  };

  /**
   * The cards of these reports, in the order given, with the caller's own flags: the same card query as the
   * lists (the signed-in home picks its reports itself and shows them as the lists do). Unknown ids are skipped.
   */
  const cards = async (ids: readonly number[], caller: Caller): Promise<ReportCard[]> => {
    if (ids.length === 0) return [];
    const rows = await listReports(db, {
      filter: { type: 'all', hashtags: [], textTags: [], ids },
      entitlement: caller.entitlement,
      userId: caller.userId,
      position: { kind: 'first' },
      limit: ids.length,
    });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id, index) => {
      const row = byId.get(id);
      return row ? [toCard(row, 0, index)] : [];
    });
  };

  return {
    list,
    overall,
    cards,
    /** Suggestions are the same for everyone (names and titles only); pg_trgm and ILIKE ignore case. */
    suggestions: (q: string, limit: number) => {
      const normal = q.trim().toLowerCase();
      return suggestionsCache.getOrLoad(
        `${limit}\u0000${normal}`,
        async () =>
          new JsonBody(JSON.stringify(suggestionsReply.parse(await findSuggestions(db, normal, limit)))),
      );
    },

    /** Idempotent: saving twice keeps one row, unsaving an unsaved report is fine. */
    async save(userId: number, reportId: number, saved: boolean) {
      if (!(await reportExists(db, reportId))) return { kind: 'notFound' as const };
      if (saved) await saveReport(db, userId, reportId, clock());
      else await unsaveReport(db, userId, reportId);
      deps.changes.publish({ kind: 'saved', ids: [userId] });
      return { kind: 'ok' as const, saved };
    },
  };
};

export type ResearchService = ReturnType<typeof createResearchService>;
