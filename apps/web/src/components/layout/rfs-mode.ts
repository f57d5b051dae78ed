import { useSearchParams } from 'react-router';
import { safeRelativeUrl } from '../../lib/session.ts';

export type RfsMode = { logoTo: string; footerTo: (to: string) => string } | null;

/**
 * Spec 1 section 2.2: a `?rfsUrl` query (an e-mailed or external report link) puts the header in a mode where the
 * logo and the footer links lead to sign-up or sign-in instead of the portal's pages: the reader came for one
 * report and has no account, or is not signed in on this browser. Each carries where it would have gone (the
 * logo: the report of the link) as the redirect address, so the reader lands there afterwards.
 */
export const useRfsMode = (): RfsMode => {
  const [params] = useSearchParams();
  const rfsUrl = params.get('rfsUrl');
  if (rfsUrl === null) return null;
  const report = safeRelativeUrl(rfsUrl);
  return {
    logoTo: report ? `/signup?redirectUrl=${encodeURIComponent(report)}` : '/signup',
    footerTo: (to: string) => `/login?redirectUrl=${encodeURIComponent(to)}`,
  };
};
