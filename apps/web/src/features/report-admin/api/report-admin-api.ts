import type {
  ReportFlagReply,
  ReportManagementFilter,
  ReportManagementReply,
  ReportManagementRow,
} from '@portal/contract';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Report Management's calls (issue 23): GET /report/reportManagementAll and the four curation toggles. */

export type ReportFlag = 'tempReport' | 'mustRead' | 'highlight' | 'select';

export interface ManagementListState {
  filter: ReportManagementFilter;
  q: string;
}

export const reportAdminKeys = {
  all: ['report-admin'] as const,
  lists: () => [...reportAdminKeys.all, 'list'] as const,
  list: (state: ManagementListState) => [...reportAdminKeys.lists(), state] as const,
};

export const fetchManagementPage = (
  state: ManagementListState,
  cursor: string | null,
  signal?: AbortSignal,
) =>
  apiRequest<ReportManagementReply>('GET', '/report/reportManagementAll', {
    query: {
      filter: state.filter === 'all' ? undefined : state.filter,
      q: state.q.trim() === '' ? undefined : state.q.trim(),
      cursor: cursor ?? undefined,
    },
    signal,
  });

/** The management list, a page at a time ("Load more" asks for the next). */
export const useManagementList = (state: ManagementListState) =>
  useInfiniteQuery({
    queryKey: reportAdminKeys.list(state),
    queryFn: ({ pageParam, signal }) => fetchManagementPage(state, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime: 0,
  });

/** Sets one flag; answers the report's row as the server now has it. */
export const setReportFlag = async (id: number, flag: ReportFlag, status: boolean) =>
  (
    await apiRequest<ReportFlagReply>('POST', `/report/${id}/${flag}`, {
      pattern: `/report/:id/${flag}`,
      body: { status },
    })
  ).report;

/** Puts the server's row in every loaded page of every list that shows it. */
export const usePutRow = () => {
  const client = useQueryClient();
  return (row: ReportManagementRow) =>
    client.setQueriesData<InfiniteData<ReportManagementReply, string | null>>(
      { queryKey: reportAdminKeys.lists() },
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((item) => (item.id === row.id ? row : item)),
          })),
        },
    );
};
