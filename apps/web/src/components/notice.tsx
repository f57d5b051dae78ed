import { limits, messages } from '@portal/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import classes from './notice.module.css';

/** A calm, announced information bar. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <div className={classes.root} role="status">
      {children}
    </div>
  );
}

/** Spec 1 section 2.2: a `confirmed` query shows the registration notice for 10 seconds. */
export function ConfirmedNotice() {
  const location = useLocation();
  const confirmed = new URLSearchParams(location.search).has('confirmed');
  const [shownFor, setShownFor] = useState<string | null>(null);

  useEffect(() => {
    if (!confirmed) return;
    setShownFor(location.key);
    const timer = window.setTimeout(() => setShownFor(null), limits.noticeMs);
    return () => window.clearTimeout(timer);
  }, [confirmed, location.key]);

  if (!confirmed || shownFor !== location.key) return null;
  return <Notice>{messages.notices.registrationConfirmed}</Notice>;
}
