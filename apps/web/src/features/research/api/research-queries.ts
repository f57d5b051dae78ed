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

export const reportsKey = ['reports'] as const;

/** Infinite research list on the keyset cursor of GET /reports. */
export const useReports = (filters: ResearchFilters, enabled = true) =>
  useInfiniteQuery({
    queryKey: [...reportsKey, filters],
    queryFn: ({ pageParam, signal }) => fetchReports(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.pagination.next ?? undefined,
    enabled,
  });

export const useSuggestions = (q: string) =>
  useQuery({
    queryKey: ['suggestions', q],
    queryFn: ({ signal }) => fetchSuggestions(q, signal),
    enabled: q !== '',
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useOverallResearch = (period: MostViewedPeriod, enabled = true) =>
  useQuery({
    queryKey: ['overall-research', period],
    queryFn: ({ signal }) => fetchOverallResearch(period, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useAnalyst = (id: number) =>
  useQuery({
    queryKey: ['analysts', { id }],
    queryFn: async ({ signal }) => (await fetchAnalysts({ id }, signal)).data[0] ?? null,
    enabled: id > 0,
  });

export const useSectorTeam = (sector: number) =>
  useQuery({
    queryKey: ['analysts', { sector }],
    queryFn: async ({ signal }) => (await fetchAnalysts({ sector }, signal)).data,
    enabled: sector > 0,
  });

export const useCompany = (id: number) =>
  useQuery({
    queryKey: ['companies', { id }],
    queryFn: async ({ signal }) => (await fetchCompanies({ id }, signal)).data[0] ?? null,
    enabled: id > 0,
  });

export const useCompanies = (q: string) =>
  useQuery({
    queryKey: ['companies', { q }],
    queryFn: async ({ signal }) => (await fetchCompanies({ q }, signal)).data,
    placeholderData: keepPreviousData,
  });

/** Every country with its region, and the regions (one small list, cached for the session). */
export const useCountries = () =>
  useQuery({
    queryKey: ['countries'],
    queryFn: ({ signal }) => fetchCountries(signal),
    staleTime: 10 * 60_000,
  });

export const useSector = (id: number) =>
  useQuery({
    queryKey: ['sectors', { id }],
    queryFn: async ({ signal }) => (await fetchSectors(id, signal)).data[0] ?? null,
    enabled: id > 0,
  });

export const useKeyCharts = (sectorId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['keycharts', sectorId],
    queryFn: async ({ signal }) => (await fetchKeyCharts(sectorId, signal)).data,
    enabled,
  });

export const useOurPeople = () =>
  useQuery({ queryKey: ['our-people'], queryFn: ({ signal }) => fetchOurPeople(signal) });
