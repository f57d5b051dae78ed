import { limits, messages, readRfsQuery } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Notice } from '../../../components/notice.tsx';

/**
 * The rfs view's notices (spec 1 sections 2.7 and 8): `confirmDevice` after a device verification, and
 * `linkExpired` when the verification link was expired or used. Shown for 10 seconds, like the other notices.
 */
export function RfsNotices() {
  const location = useLocation();
  const { confirmDevice, linkExpired } = readRfsQuery(new URLSearchParams(location.search));
  const [shownFor, setShownFor] = useState<string | null>(null);
  const any = confirmDevice || linkExpired;

  useEffect(() => {
    if (!any) return;
    setShownFor(location.key);
    const timer = window.setTimeout(() => setShownFor(null), limits.noticeMs);
    return () => window.clearTimeout(timer);
  }, [any, location.key]);

  if (!any || shownFor !== location.key) return null;
  return (
    <>
      {confirmDevice && <Notice>{messages.notices.deviceVerified}</Notice>}
      {linkExpired && <Notice>{messages.notices.linkExpired}</Notice>}
    </>
  );
}
