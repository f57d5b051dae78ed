import { limits, viewerAdminLimits, viewerAdminMessages } from '@portal/contract';
import { IconDownload, IconHighlight, IconQuote, IconShare } from '@tabler/icons-react';
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { Notice } from '../../../components/notice.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fetchReportPdf, useSetHighlighted } from '../api/viewer-admin-api.ts';
import type { ViewerData } from '../api/viewer-api.ts';
import { useTextSelection } from '../hooks/use-text-selection.ts';
import { base64ToBytes, reportFileName, saveBlob } from '../lib/save-file.ts';
import classes from './admin-tools.module.css';
import viewer from './viewer.module.css';

const m = viewerAdminMessages;

// The tile dialog (Mantine Modal, the canvas drawing) is its own chunk, fetched when an admin first opens it.
const SocialTileDialog = lazy(() => import('./social-tile-dialog.tsx'));

const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiError && !error.isNetworkError && error.message ? error.message : fallback;

/**
 * The admin's actions in the viewer (spec 2 "Report viewer (admin-relevant parts)"): highlight or unhighlight,
 * download the PDF (throttled: one download a second at most), and the social tiles view, where a passage
 * selected in the PDF's text layer becomes a Social Media Tile. Shown to admins only; the server refuses the
 * calls to anyone else anyway.
 */
export function AdminToolbar({
  report,
  userId,
  documentRef,
}: {
  report: ViewerData['report'];
  userId: number;
  /** the viewer's document area, where a selection counts */
  documentRef: RefObject<HTMLElement | null>;
}) {
  const [notice, setNotice] = useState<{ text: string; at: number } | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), limits.noticeMs);
    return () => window.clearTimeout(timer);
  }, [notice]);
  const say = (text: string) => setNotice({ text, at: Date.now() });

  const highlight = useSetHighlighted(report.id);
  const highlighted = report.type === 'highlighted';
  const toggleHighlight = () =>
    highlight.mutate(!highlighted, {
      onSuccess: (reply) => say(reply.report.type === 'highlighted' ? m.highlighted : m.unhighlighted),
      onError: (error) => say(failureText(error, m.highlightFailed)),
    });

  const isPdf = report.filetype === 'pdf';
  const [downloading, setDownloading] = useState(false);
  const lastDownload = useRef(Number.NEGATIVE_INFINITY);
  const downloadPdf = async () => {
    const now = Date.now();
    if (downloading || now - lastDownload.current < viewerAdminLimits.pdfDownloadThrottleMs) return;
    lastDownload.current = now;
    setDownloading(true);
    try {
      const base64 = await fetchReportPdf(report.apiId, userId);
      saveBlob(
        new Blob([base64ToBytes(base64)], { type: 'application/pdf' }),
        reportFileName(report.title, 'pdf'),
      );
    } catch (error) {
      say(failureText(error, m.downloadFailed));
    } finally {
      setDownloading(false);
    }
  };

  const [tilesOn, setTilesOn] = useState(false);
  const selection = useTextSelection(documentRef, tilesOn && isPdf);
  const [tileQuote, setTileQuote] = useState<string | null>(null);
  const [tileLoaded, setTileLoaded] = useState(false);

  return (
    <div className={classes.adminRow}>
      <div className={classes.adminBar} role="toolbar" aria-label={m.toolbar}>
        <span className={classes.adminLabel} aria-hidden="true">
          {m.adminLabel}
        </span>
        <button
          type="button"
          className={viewer.toolButton}
          aria-pressed={highlighted}
          aria-busy={highlight.isPending || undefined}
          disabled={highlight.isPending}
          onClick={toggleHighlight}
        >
          <IconHighlight size={18} aria-hidden="true" />
          <span>{highlight.isPending ? m.highlighting : highlighted ? m.unhighlight : m.highlight}</span>
        </button>
        {isPdf && (
          <button
            type="button"
            className={viewer.toolButton}
            aria-busy={downloading || undefined}
            disabled={downloading}
            onClick={() => void downloadPdf()}
          >
            <IconDownload size={18} aria-hidden="true" />
            <span>{downloading ? m.downloading : m.downloadPdf}</span>
          </button>
        )}
        {isPdf && (
          <button
            type="button"
            className={viewer.toolButton}
            aria-pressed={tilesOn}
            onClick={() => setTilesOn((on) => !on)}
          >
            <IconShare size={18} aria-hidden="true" />
            <span>{m.socialTiles}</span>
          </button>
        )}
        {isPdf && tilesOn && (
          <>
            <button
              type="button"
              className={`${viewer.toolButton} ${classes.tileButton}`}
              aria-haspopup="dialog"
              disabled={!selection}
              aria-describedby="social-tiles-hint"
              onClick={() => {
                setTileLoaded(true);
                setTileQuote(selection);
              }}
            >
              <IconQuote size={18} aria-hidden="true" />
              <span>{m.socialTilesOpen}</span>
            </button>
            <span id="social-tiles-hint" className={classes.hint}>
              {selection
                ? `“${selection.length > 80 ? `${selection.slice(0, 80)}…` : selection}”`
                : m.socialTilesOn}
            </span>
          </>
        )}
      </div>
      {notice && (
        <div className={viewer.noticeSlot}>
          <Notice key={notice.at}>{notice.text}</Notice>
        </div>
      )}
      {tileLoaded && (
        <Suspense fallback={null}>
          <SocialTileDialog
            opened={tileQuote !== null}
            quote={tileQuote ?? ''}
            report={report}
            onClose={() => setTileQuote(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
