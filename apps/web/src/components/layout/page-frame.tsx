import { useIsFetching } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ConfirmedNotice } from '../notice.tsx';
import classes from './page-frame.module.css';
import { useRfsMode } from './rfs-mode.ts';

// The footer sits below every screen's content and the cookie banner is an overlay: neither is part of the
// first paint, so both load beside the first screen instead of in the entry (the login route's 150 KB budget
// pays for the reader's links in the header and user menu, issue 11). Appended last, they move nothing.
// The footer's chunk is asked for as soon as this module runs, beside the route's own chunk, so that it is in
// before the screen's content: a page must be its full height when a screen scrolls to an element in it.
const footerModule = import('./site-footer.tsx');
const SiteFooter = lazy(() => footerModule.then((m) => ({ default: m.SiteFooter })));
const CookieBanner = lazy(() => import('./cookie-banner.tsx').then((m) => ({ default: m.CookieBanner })));

export interface PageFrameProps {
  /** The site header, composed by the app layer (it shows the features' menu, search and modal). */
  header: ReactNode;
  mainClassName?: string;
  children: ReactNode;
}

/** What every layout shares: skip link, header, main landmark with the notice, footer and cookie banner. */
export function PageFrame({ header, mainClassName, children }: PageFrameProps) {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);
  // The footer's links follow the ?rfsUrl mode; read here, where the header reads it, and handed down (the footer's
  // lazy chunk importing the router's search-params hook split the router out of the entry: 3.5 KB more gzip).
  const rfs = useRfsMode();
  // While the screen's data is on its way the main landmark says so (aria-busy): assistive technology waits for the
  // update to finish before reading it, and the browser journeys wait for this instead of network silence.
  const fetching = useIsFetching() > 0;

  // After an in-app page change, move focus to the new content so keyboard and screen-reader users start
  // there (as after a full page load) instead of on a link that no longer exists.
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    const active = document.activeElement;
    if (active && active !== document.body && mainRef.current?.contains(active)) return;
    if (active instanceof HTMLElement && active.closest('[role="dialog"]')) return;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={classes.frame}>
      <a href="#main" className={classes.skipLink}>
        Skip to main content
      </a>
      {header}
      <main id="main" ref={mainRef} tabIndex={-1} className={mainClassName} aria-busy={fetching || undefined}>
        <ConfirmedNotice />
        {children}
      </main>
      {/* Spec 1 section 2.2: the footer is hidden at /rfs.htm (the e-mailed report view). */}
      <Suspense fallback={null}>
        {!/^\/rfs\.htm\/?$/i.test(pathname) && <SiteFooter rfs={rfs} />}
        <CookieBanner />
      </Suspense>
    </div>
  );
}
