import { messagesResearch } from '@portal/contract';
import { IconBookmark } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useSaveReport } from '../api/save-report.ts';
import classes from './research.module.css';

/**
 * Save toggle (spec 1 section 4: status 1 saves, 0 unsaves). The state flips at once and rolls back with a
 * message when the call fails.
 */
export function SaveButton({ reportId, saved }: { reportId: number; saved: boolean }) {
  const [isSaved, setSaved] = useState(saved);
  const [error, setError] = useState('');
  useEffect(() => setSaved(saved), [saved]);

  const mutation = useSaveReport(reportId, {
    onMutate: (next) => {
      setError('');
      setSaved(next);
    },
    onError: (failure, next) => {
      setSaved(!next);
      const fallback = next ? messagesResearch.saveFailed : messagesResearch.unsaveFailed;
      setError(
        failure instanceof ApiError && failure.status !== 0 && failure.status < 500
          ? failure.message
          : fallback,
      );
    },
  });

  return (
    <span className={classes.saveWrap}>
      <button
        type="button"
        className={classes.saveButton}
        aria-pressed={isSaved}
        aria-label={isSaved ? messagesResearch.unsaveReport : messagesResearch.saveReport}
        title={isSaved ? messagesResearch.unsaveReport : messagesResearch.saveReport}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate(!isSaved)}
      >
        {/* One outline, filled when saved: the toggle keeps its shape and size. */}
        <IconBookmark size={22} stroke={1.8} fill={isSaved ? 'currentColor' : 'none'} aria-hidden="true" />
      </button>
      {error && (
        <span role="alert" className={classes.saveError}>
          {error}
        </span>
      )}
    </span>
  );
}
