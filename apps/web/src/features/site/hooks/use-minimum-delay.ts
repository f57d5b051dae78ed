import { useEffect, useState } from 'react';

/** False until `ms` have passed since the component mounted (spec 1 section 2.4: the loader shows at least 1 s). */
export const useMinimumDelay = (ms: number) => {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setElapsed(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return elapsed;
};
