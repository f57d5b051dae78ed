import { startTransition, useEffect, useState } from 'react';

/**
 * Reveals a large page in `stages` steps once `ready`: 0 until then, then 1, 2, … up to `stages`, each step a
 * transition started after the previous one has been committed and the browser has had a turn. React commits a
 * page in one piece that cannot be sliced; in steps, no commit (and no carousel measuring the page after it) holds
 * the main thread for long (issue 22: the landing's blocking time on a phone).
 */
export const useStagedReveal = (ready: boolean, stages: number) => {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (!ready || stage >= stages) return;
    const timer = window.setTimeout(() => startTransition(() => setStage((shown) => shown + 1)), 0);
    return () => window.clearTimeout(timer);
  }, [ready, stage, stages]);
  return ready ? stage : 0;
};
