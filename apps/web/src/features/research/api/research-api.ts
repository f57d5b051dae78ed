import type {
  Analyst,
  Company,
  KeyChart,
  MostViewedPeriod,
  ReportCard,
  ReportListType,
  ReportsReply,
  Sector,
  SuggestionsReply,
} from '@portal/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { matchDateRangeTag } from '../lib/date-range-tag.ts';

/** Filters of a research list, as the screens hold them (before they become the GET /reports query). */
export interface ResearchFilters {
  type: ReportListType;
  q?: string;
  tags?: readonly string[];
  sector?: number;
  analyst?: number;
  company?: number;
  country?: number;
  region?: string;
  mine?: boolean;
}

/**
 * Spec 1 section 7: a tag 'Date Range: start - end' is sent as dStart and dEnd; only the first such tag counts,
 * later ones are dropped rather than sent as text tags.
 */
export const tagsToQuery = (tags: readonly string[]) => {
  let range: { dStart: string; dEnd: string } | undefined;
  const rest: string[] = [];
  for (const tag of tags) {
    const match = matchDateRangeTag(tag);
    if (match) {
      range ??= { dStart: match.start, dEnd: match.end };
      continue;
    }
    rest.push(tag);
  }
  return { tags: rest.length > 0 ? rest.join(',') : undefined, ...range };
};

export const reportsQueryOf = (filters: ResearchFilters, cursor?: string) => ({
  type: filters.type,
  pageSize: '20',
  cursor,
  q: filters.q?.trim() || undefined,
  sector: filters.sector?.toString(),
  analyst: filters.analyst?.toString(),
  company: filters.company?.toString(),
  country: filters.country?.toString(),
  region: filters.region,
  mine: filters.mine ? '1' : undefined,
  ...tagsToQuery(filters.tags ?? []),
});

export const fetchReports = (filters: ResearchFilters, cursor: string | undefined, signal?: AbortSignal) =>
  apiRequest<ReportsReply>('GET', '/reports', { query: reportsQueryOf(filters, cursor), signal });

export const fetchSuggestions = (q: string, signal?: AbortSignal) =>
  apiRequest<SuggestionsReply>('GET', '/reports/suggestions', { query: { q }, signal });

export interface OverallResearch {
  mustRead: ReportCard[];
  mostViewed: ReportCard[];
  highlighted: ReportCard[];
  period: MostViewedPeriod;
}
export const fetchOverallResearch = (period: MostViewedPeriod, signal?: AbortSignal) =>
  apiRequest<OverallResearch>('GET', '/overall/research', { query: { period }, signal });

export const saveReport = (id: number, saved: boolean) =>
  apiRequest<{ success: true; saved: boolean }>('POST', '/reports/save/', {
    body: { id, status: saved ? 1 : 0 },
  });

export const fetchAnalysts = (query: { id?: number; sector?: number }, signal?: AbortSignal) =>
  apiRequest<{ data: Analyst[] }>('GET', '/analysts', {
    query: { id: query.id?.toString(), sector: query.sector?.toString() },
    signal,
  });

export const fetchCompanies = (query: { id?: number; q?: string }, signal?: AbortSignal) =>
  apiRequest<{ data: Company[] }>('GET', '/companies', {
    query: { id: query.id?.toString(), q: query.q?.trim() || undefined },
    signal,
  });

export interface CountriesReply {
  data: { id: number; name: string; region: { id: number; name: string } | null }[];
  regions: { id: number; name: string }[];
}
export const fetchCountries = (signal?: AbortSignal) =>
  apiRequest<CountriesReply>('GET', '/countries', { signal });

export const fetchSectors = (id: number, signal?: AbortSignal) =>
  apiRequest<{ data: Sector[] }>('GET', '/sectors', { query: { id: id.toString() }, signal });

export const fetchKeyCharts = (sectorId: number, signal?: AbortSignal) =>
  apiRequest<{ data: KeyChart[] }>('GET', '/keycharts', { query: { sectorId: sectorId.toString() }, signal });

export const fetchOurPeople = (signal?: AbortSignal) =>
  apiRequest<{ data: Analyst[]; categories: string[] }>('GET', '/overall/ourPeople', { signal });
