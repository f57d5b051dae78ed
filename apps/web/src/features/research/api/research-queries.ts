import type { MostViewedPeriod } from '@portal/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  fetchAnalysts,
  fetchCompanies,
  fetchCountries,
  fetchKeyCharts,
  fetchOurPeople,
  fetchOverallResearch,
  fetchReports,
  fetchSectors,
  fetchSuggestions,
  type ResearchFilters,
} from './research-api.ts';

/** The research feature's query keys: its queries and its mutations take them from here. */
export const researchKeys = {
  /** every research list (My Research, All Reports, saved, an analyst's, a sector's...) */
  reports: ['reports'] as const,
  reportList: (filters: ResearchFilters) => [...researchKeys.reports, filters] as const,
  suggestions: (q: string) => ['suggestions', q] as const,
  overall: (period: MostViewedPeriod) => ['overall-research', period] as const,
  analyst: (id: number) => ['analysts', { id }] as const,
  sectorTeam: (sector: number) => ['analysts', { sector }] as const,
  company: (id: number) => ['companies', { id }] as const,
  companies: (q: string) => ['companies', { q }] as const,
  countries: ['countries'] as const,
  sector: (id: number) => ['sectors', { id }] as const,
  keyCharts: (sectorId: number) => ['keycharts', sectorId] as const,
  ourPeople: ['our-people'] as const,
};

/** Infinite research list on the keyset cursor of GET /reports. */
export const useReports = (filters: ResearchFilters, enabled = true) =>
  useInfiniteQuery({
    queryKey: researchKeys.reportList(filters),
    queryFn: ({ pageParam, signal }) => fetchReports(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.pagination.next ?? undefined,
    enabled,
  });

export const useSuggestions = (q: string) =>
  useQuery({
    queryKey: researchKeys.suggestions(q),
    queryFn: ({ signal }) => fetchSuggestions(q, signal),
    enabled: q !== '',
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useOverallResearch = (period: MostViewedPeriod, enabled = true) =>
  useQuery({
    queryKey: researchKeys.overall(period),
    queryFn: ({ signal }) => fetchOverallResearch(period, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useAnalyst = (id: number) =>
  useQuery({
    queryKey: researchKeys.analyst(id),
    queryFn: async ({ signal }) => (await fetchAnalysts({ id }, signal)).data[0] ?? null,
    enabled: id > 0,
  });

export const useSectorTeam = (sector: number) =>
  useQuery({
    queryKey: researchKeys.sectorTeam(sector),
    queryFn: async ({ signal }) => (await fetchAnalysts({ sector }, signal)).data,
    enabled: sector > 0,
  });

export const useCompany = (id: number) =>
  useQuery({
    queryKey: researchKeys.company(id),
    queryFn: async ({ signal }) => (await fetchCompanies({ id }, signal)).data[0] ?? null,
    enabled: id > 0,
  });

export const useCompanies = (q: string) =>
  useQuery({
    queryKey: researchKeys.companies(q),
    queryFn: async ({ signal }) => (await fetchCompanies({ q }, signal)).data,
    placeholderData: keepPreviousData,
  });

/** Every country with its region, and the regions (one small list, cached for the session). */
export const useCountries = () =>
  useQuery({
    queryKey: researchKeys.countries,
    queryFn: ({ signal }) => fetchCountries(signal),
    staleTime: 10 * 60_000,
  });

export const useSector = (id: number) =>
  useQuery({
    queryKey: researchKeys.sector(id),
    queryFn: async ({ signal }) => (await fetchSectors(id, signal)).data[0] ?? null,
    enabled: id > 0,
  });

export const useKeyCharts = (sectorId: number, enabled: boolean) =>
  useQuery({
    queryKey: researchKeys.keyCharts(sectorId),
    queryFn: async ({ signal }) => (await fetchKeyCharts(sectorId, signal)).data,
    enabled,
  });

export const useOurPeople = () =>
  useQuery({ queryKey: researchKeys.ourPeople, queryFn: ({ signal }) => fetchOurPeople(signal) });
