import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveReport } from './research-api.ts';
import { researchKeys } from './research-queries.ts';

// Apart from research-queries.ts so that the lists' and the header search's queries do not load the mutation code.
/**
 * Saves (`next` true) or unsaves a report (spec 1 section 4: status 1 saves, 0 unsaves). The caller's
 * `onMutate`/`onError` keep its own state (the toggle flips at once and rolls back on a failure).
 */
export const useSaveReport = (
  reportId: number,
  options: { onMutate: (next: boolean) => void; onError: (failure: Error, next: boolean) => void },
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (next: boolean) => saveReport(reportId, next),
    ...options,
    onSuccess: () => {
      // Other lists (saved research, other filters) are stale now; they refetch when next shown. The toggle
      // keeps its own state, so the list on screen is not reloaded.
      void queryClient.invalidateQueries({ queryKey: researchKeys.reports, refetchType: 'none' });
    },
  });
};
