import { limits, messages, viewerMessages } from '@portal/contract';
import { IconChevronLeft, IconLink, IconMaximize, IconMinimize } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Notice } from '../../../components/notice.tsx';
import { analystPath, formatPublishedDate, reportPath } from '../../../lib/format.ts';
import { useBookingLink } from '../../../lib/parameters.ts';
import type { ViewerData } from '../api/viewer-api.ts';
import { AnalystPhotoButton } from './analyst-photo-button.tsx';
import { CopyLinkMenu } from './copy-link-menu.tsx';
import { ForwardButton } from './forward-button.tsx';
import classes from './viewer.module.css';

type Report = ViewerData['report'];

/** Back: one step back in the app's history when there is one, else the signed-in home. */
function BackButton() {
  const navigate = useNavigate();
  const canGoBack = typeof window.history.state?.idx === 'number' && window.history.state.idx > 0;
  return (
    <button
      type="button"
      className={classes.backButton}
      onClick={() => (canGoBack ? navigate(-1) : navigate('/home'))}
      aria-label="Back"
    >
      <IconChevronLeft size={18} aria-hidden="true" />
      <span>Back</span>
    </button>
  );
}

/** Spec 1 section 2.7: shown when bEnableConnectBookings is '1' and the analyst's sJobCat is 'Analysts'. */
function TalkToAnalyst({ analyst }: { analyst: Report['analysts'][number] | undefined }) {
  const { enabled, label } = useBookingLink();
  if (!analyst || !enabled || analyst.sJobCat !== 'Analysts') return null;
  return <Link to={`/connect/appointment/${analyst.id}`}>{label}</Link>;
}

/**
 * The report's header: back, title, analysts with their links, the booking link; for an admin, "Upload photo"
 * beside the lead analyst.
 */
export function ViewerHeader({ report, isAdmin = false }: { report: Report; isAdmin?: boolean }) {
  const bookable = report.analysts.find((a) => a.sJobCat === 'Analysts');
  const lead = report.analysts[0];
  return (
    <>
      <BackButton />
      <div className={classes.titleBlock}>
        <h1 className={classes.title} title={report.title}>
          {report.title}
        </h1>
        <p className={classes.byline}>
          <span>{formatPublishedDate(report.published_date)}</span>
          {report.analysts.map((analyst) => (
            <Link key={analyst.id} to={analystPath(analyst.id, analyst.name)}>
              {analyst.name}
            </Link>
          ))}
          {isAdmin && lead && <AnalystPhotoButton reportId={report.id} analyst={lead} />}
          <TalkToAnalyst analyst={bookable} />
        </p>
      </div>
    </>
  );
}

const copyLinkIcon = <IconLink size={18} aria-hidden="true" />;

/** The canonical address of a report, without the rfs access key (a copied link never forwards a key). */
export const shareableReportUrl = (report: Pick<Report, 'id' | 'title'>, origin = window.location.origin) =>
  `${origin}${reportPath(report.id, report.title)}`;

/** Toolbar: save toggle and forward (signed-in readers), copy link with its notice, full-screen toggle. */
export function ViewerToolbar({
  report,
  saveButton,
  copyLinks,
  canSave,
  fullScreen,
  onToggleFullScreen,
}: {
  report: Report;
  /** the save toggle (see ReportViewerPage) */
  saveButton: (report: { id: number; saved: boolean }) => ReactNode;
  /** an admin's copy-link menu (empty for everyone else) */
  copyLinks: ViewerData['copyLinks'];
  canSave: boolean;
  fullScreen: boolean;
  onToggleFullScreen: () => void;
}) {
  const [notice, setNotice] = useState<{ text: string; at: number } | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), limits.noticeMs);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(shareableReportUrl(report));
      setNotice({ text: messages.notices.linkCopied, at: Date.now() });
    } catch {
      setNotice({ text: viewerMessages.copyLinkFailed, at: Date.now() });
    }
  };

  return (
    <>
      <div className={classes.toolbar} role="toolbar" aria-label="Report actions">
        {canSave && <span className={classes.saveSlot}>{saveButton(report)}</span>}
        {canSave && <ForwardButton report={report} onSent={(text) => setNotice({ text, at: Date.now() })} />}
        <button type="button" className={classes.toolButton} onClick={() => void copyLink()}>
          {copyLinkIcon}
          <span>Copy link</span>
        </button>
        {copyLinks.length > 0 && (
          <CopyLinkMenu
            links={copyLinks}
            icon={copyLinkIcon}
            onCopied={(text) => setNotice({ text, at: Date.now() })}
          />
        )}
        <button
          type="button"
          className={classes.toolButton}
          aria-pressed={fullScreen}
          onClick={onToggleFullScreen}
        >
          {fullScreen ? (
            <IconMinimize size={18} aria-hidden="true" />
          ) : (
            <IconMaximize size={18} aria-hidden="true" />
          )}
          <span>Full screen</span>
        </button>
      </div>
      {notice && (
        <div className={classes.noticeSlot}>
          <Notice key={notice.at}>{notice.text}</Notice>
        </div>
      )}
    </>
  );
}
