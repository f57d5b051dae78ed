import { useCallback, useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Keeps unsaved work from being lost: while `dirty`, a navigation inside the app is blocked (the caller asks with
 * the returned blocker's state, then `proceed()` or `reset()`), and leaving the page (reload, closing the tab)
 * gets the browser's own warning. `leavingOnPurpose` lets a screen go after it saved (it reads a ref).
 */
export const useLeaveGuard = (dirty: boolean, leavingOnPurpose: () => boolean = () => false) => {
  const blocker = useBlocker(
    useCallback(
      ({
        currentLocation,
        nextLocation,
      }: {
        currentLocation: { pathname: string; search: string };
        nextLocation: { pathname: string; search: string };
      }) =>
        dirty &&
        !leavingOnPurpose() &&
        (currentLocation.pathname !== nextLocation.pathname ||
          currentLocation.search !== nextLocation.search),
      [dirty, leavingOnPurpose],
    ),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return blocker;
};
