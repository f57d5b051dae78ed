import { firstPageCallOf, viewerErrorCodes, viewerMessages } from '@portal/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorState } from '../../../components/status.tsx';
import { paintedFirstPage } from '../../../lib/boot-hints.ts';
import { useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { logReportAccess, useViewerReport, type ViewerData, type ViewerSource } from '../api/viewer-api.ts';
import { useBodyOverflowHidden } from '../hooks/use-body-overflow-hidden.ts';
import { revealStripAttribute, siteHeader, useFullScreenHeader } from '../hooks/use-full-screen-header.ts';
import { useReadingProgress } from '../hooks/use-reading-progress.ts';
import { useViewerHeight, type ViewerHeightMode } from '../hooks/use-viewer-height.ts';
import { AdminToolbar } from './admin-toolbar.tsx';
import { DocumentSkeleton, DocumentView, loadPdfView } from './document-view.tsx';
import { LoadErrorBox } from './load-error.tsx';
import { RefusedReport } from './refused-report.tsx';
import { RelatedReports } from './related-reports.tsx';
import classes from './viewer.module.css';
import { ViewerHeader, ViewerToolbar } from './viewer-header.tsx';

/** The rfs view's pieces (e-mailed or external links, and the password sign-in), passed in by the app layer. */
export interface RfsPieces {
  /** the device-verified and link-expired notices, above the report */
  notices: ReactNode;
  /** on createNewCookie: device verification and password sign-in, side by side */
  verification: ReactNode;
}

export interface ReportViewerPageProps {
  source: ViewerSource;
  /** the rfs view (e-mailed or external link) */
  rfs?: RfsPieces;
  /** a signed-in reader's save toggle in the toolbar (the research feature's, passed in by the app layer) */
  saveButton: (report: { id: number; saved: boolean }) => ReactNode;
}

const heightMode = (fullScreen: boolean, externalPdf: boolean): ViewerHeightMode => {
  if (fullScreen) return externalPdf ? 'fullScreenCompact' : 'fullScreen';
  return externalPdf ? 'externalPdf' : 'normal';
};

/** Records the opening once per loaded report (highlighted or free access, as the server marks it). */
function useAccessLog(data: ViewerData | undefined, signedIn: boolean) {
  const logged = useRef<string | null>(null);
  useEffect(() => {
    // The calls are for signed-in readers; an anonymous rfs reader's opening is logged by the server itself.
    if (!data || !signedIn || logged.current === data.report.apiId) return;
    logged.current = data.report.apiId;
    const kind = /^H-/i.test(data.report.apiId) ? 'dAcsHighligted' : 'dAcsFree';
    // Logging never stands in the reader's way: a failure here is the server's to record, not the reader's.
    logReportAccess(data.report.apiId, kind).catch(() => undefined);
  }, [data, signedIn]);
}

function ViewerSkeleton({ height, firstPage }: { height: number; firstPage?: string | undefined }) {
  return (
    <div className={classes.page}>
      <div className={classes.reportHeader}>
        <div className={classes.skeletonTitle} />
      </div>
      <div className={classes.document}>
        <DocumentSkeleton height={height} firstPage={firstPage} />
      </div>
    </div>
  );
}

/** The report viewer of spec 1 section 2.7 at /reports/{id}_{slug} and /rfs.htm. */
export function ReportViewerPage({ source, rfs, saveButton }: ReportViewerPageProps) {
  useBodyOverflowHidden();
  const { user, ready } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [fullScreen, setFullScreen] = useState(false);
  const header = useFullScreenHeader(fullScreen);

  // pdf.js is the biggest renderer and most reports are PDFs: its code loads while the report is asked for.
  useEffect(() => {
    loadPdfView().catch(() => undefined);
  }, []);

  const query = useViewerReport(source, user?.id ?? null, ready);
  const load = query.data;
  const data = load?.kind === 'report' ? load.data : undefined;
  const externalPdf = rfs !== undefined && data?.report.filetype === 'pdf';
  const documentRef = useRef<HTMLDivElement>(null);
  const height = useViewerHeight(heightMode(fullScreen, externalPdf), documentRef);
  usePageTitle(data?.report.title ?? 'Report');
  useAccessLog(data, Boolean(user));
  // Progress is the signed-in reader's own; a reader who came by an access key has no account to keep it for.
  const reportProgress = useReadingProgress(data?.report.apiId, Boolean(user) && 'apiId' in source);

  const requiredLogin = load?.kind === 'error' && load.error === viewerErrorCodes.requiredLogin;
  useEffect(() => {
    if (!requiredLogin) return;
    navigate(`/login?redirectUrl=${encodeURIComponent(location.pathname + location.search)}`, {
      replace: true,
    });
  }, [requiredLogin, navigate, location.pathname, location.search]);

  useEffect(() => {
    if (!fullScreen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setFullScreen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fullScreen]);

  const notices = rfs ? rfs.notices : null;

  if (query.isPending || requiredLogin)
    return (
      <>
        {notices}
        <ViewerSkeleton
          height={height}
          firstPage={'apiId' in source ? paintedFirstPage(firstPageCallOf(source.apiId)) : undefined}
        />
      </>
    );
  if (query.isError)
    return (
      <>
        {notices}
        <ErrorState message={viewerMessages.loadFailed} onRetry={() => void query.refetch()} />
      </>
    );
  if (load?.kind === 'error') {
    if (rfs && load.error === viewerErrorCodes.createNewCookie) {
      return (
        <div className={classes.page}>
          {notices}
          <div className={classes.rfsPanels}>{rfs.verification}</div>
        </div>
      );
    }
    // A report outside the reader's subscription: what it is and how to ask for it (issue 11).
    if (load.report)
      return (
        <div className={classes.page}>
          {notices}
          <RefusedReport report={load.report} errorHtml={load.error} />
        </div>
      );
    return (
      <div className={classes.page}>
        {notices}
        <LoadErrorBox html={load.error} />
      </div>
    );
  }
  if (!data) return null;

  const { report, related } = data;
  // The admin's actions (spec 2 "Report viewer (admin-relevant parts)"); the server refuses them to anyone else.
  const isAdmin = user?.type === 'admin';
  const revealStrip = fullScreen && (
    <button
      type="button"
      className={classes.revealStrip}
      {...{ [revealStripAttribute]: '' }}
      aria-label={header.revealed ? 'Hide site header' : 'Show site header'}
      aria-expanded={header.revealed}
      onMouseEnter={header.reveal}
      onClick={() => {
        if (header.revealed) return header.hide();
        header.reveal();
        // Keyboard users land on the header's first control once it is no longer inert.
        window.requestAnimationFrame(() =>
          siteHeader()?.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus(),
        );
      }}
    />
  );

  return (
    <div
      className={`${classes.page} ${fullScreen ? classes.fullScreen : ''}`}
      style={fullScreen ? { top: header.offset } : undefined}
      data-full-screen={fullScreen || undefined}
    >
      {revealStrip}
      {notices}
      <div className={classes.reportHeader}>
        <ViewerHeader report={report} isAdmin={isAdmin} />
        <ViewerToolbar
          report={report}
          saveButton={saveButton}
          copyLinks={data.copyLinks}
          canSave={Boolean(user)}
          fullScreen={fullScreen}
          onToggleFullScreen={() => setFullScreen((on) => !on)}
        />
        {isAdmin && user && <AdminToolbar report={report} userId={user.id} documentRef={documentRef} />}
      </div>
      <div className={classes.body}>
        <div ref={documentRef} className={classes.document} data-filetype={report.filetype}>
          <DocumentView
            data={data}
            height={height}
            onFileExpired={() => void query.refetch()}
            onProgress={reportProgress}
          />
        </div>
        {!fullScreen && <RelatedReports reports={related} height={height} />}
      </div>
    </div>
  );
}
