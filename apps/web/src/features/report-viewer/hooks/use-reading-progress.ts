import { useCallback, useEffect, useRef } from 'react';
import { saveReadingProgress } from '../api/viewer-api.ts';
import { ReadingProgressTracker } from '../lib/reading-progress.ts';
import { readingProgressIntervalMs } from '../lib/viewer-constants.ts';

/**
 * Reports how far a signed-in reader got in a report (for the home's "continue reading"): throttled while
 * reading, flushed with keepalive when the page is hidden or left. Access-key readers (no session) report
 * nothing; failures are ignored, since progress is never something the reader should see fail.
 */
export function useReadingProgress(apiId: string | undefined, signedIn: boolean) {
  const tracker = useRef<ReadingProgressTracker | null>(null);

  useEffect(() => {
    if (!apiId || !signedIn) return;
    const current = new ReadingProgressTracker((fraction, keepalive) => {
      saveReadingProgress(apiId, fraction, keepalive).catch(() => undefined);
    }, readingProgressIntervalMs);
    tracker.current = current;
    const leave = () => current.flush(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onVisibility);
      if (tracker.current === current) tracker.current = null;
      // Leaving the report inside the app (another report, Back): what was reached so far goes out now.
      leave();
    };
  }, [apiId, signedIn]);

  return useCallback((fraction: number) => tracker.current?.report(fraction), []);
}
