import { firstPageCallOf, type ResolvedWatermark, resolveFileUrl } from '@portal/contract';
import { lazy, Suspense, useEffect } from 'react';
import { paintedFirstPage } from '../../../lib/boot-hints.ts';
import { getRuntimeConfig } from '../../../lib/runtime-config.ts';
import type { ViewerData } from '../api/viewer-api.ts';
import { firstPageTiming } from '../lib/first-page.ts';
import { prefetchPdfBytes } from '../lib/pdf-bytes.ts';
import classes from './viewer.module.css';
import { WatermarkOverlay } from './watermark-overlay.tsx';

// Every renderer is its own chunk: pdf.js (and its worker) and the workbook reader load only for their types.
/** Loads the PDF renderer (pdf.js); the viewer starts it early, as most reports are PDFs. */
export const loadPdfView = () => import('./pdf-view.tsx');
const PdfView = lazy(loadPdfView);
const SheetView = lazy(() => import('./sheet-view.tsx'));
const HtmView = lazy(() => import('./htm-view.tsx'));
const AudioView = lazy(() => import('./media-view.tsx').then((m) => ({ default: m.AudioView })));
const VideoView = lazy(() => import('./media-view.tsx').then((m) => ({ default: m.VideoView })));
const YoutubeView = lazy(() => import('./media-view.tsx').then((m) => ({ default: m.YoutubeView })));
const GenericFrameView = lazy(() =>
  import('./media-view.tsx').then((m) => ({ default: m.GenericFrameView })),
);

/**
 * The document's place while it loads: the picture of its first page when the server drew one in the page
 * (`firstPage`, lib/boot-hints.ts), else a shimmer.
 */
export function DocumentSkeleton({ height, firstPage }: { height: number; firstPage?: string | undefined }) {
  return (
    <div style={{ height }} className={classes.fallback} aria-busy="true">
      {firstPage ? (
        <div className={classes.firstPagePicture} role="progressbar" aria-label="Loading report">
          <img src={firstPage} alt="" {...firstPageTiming} width={893} height={1263} />
        </div>
      ) : (
        <div className={classes.pageSkeleton} role="progressbar" aria-label="Loading report" />
      )}
    </div>
  );
}

/** Overlays the reader's watermarks on a document drawn by the browser (everything but PDFs). */
function Marked({
  watermarks,
  height,
  children,
}: {
  watermarks: readonly ResolvedWatermark[];
  height: number;
  children: React.ReactNode;
}) {
  return (
    <div className={classes.frameBox} style={{ minHeight: height }}>
      {children}
      <WatermarkOverlay watermarks={watermarks} />
    </div>
  );
}

/** The report's file in the renderer of its type (spec 1 section 2.7). */
export function DocumentView({
  data,
  height,
  onFileExpired,
  onProgress,
}: {
  data: ViewerData;
  height: number;
  /** asks for a fresh signed file URL (players outlive the 5-minute URL) */
  onFileExpired?: () => void;
  /** how far the reader got, as a fraction of the document (for reading progress) */
  onProgress?: (fraction: number) => void;
}) {
  const { report, watermarks } = data;
  const url = resolveFileUrl(getRuntimeConfig().apiBase, report.fileUrl);
  const firstPage = report.filetype === 'pdf' ? paintedFirstPage(firstPageCallOf(report.apiId)) : undefined;
  const type = report.filetype;
  // The file downloads while the renderer's code loads, not after it.
  useEffect(() => {
    if (type === 'pdf') prefetchPdfBytes(url);
  }, [type, url]);
  let view: React.ReactNode;
  switch (type) {
    case 'pdf':
      view = <PdfView url={url} height={height} onProgress={onProgress} firstPage={firstPage} />;
      break;
    case 'xls':
    case 'xlsx':
      // The workbook places its own watermark over the table only, never over its worksheet tabs.
      view = <SheetView url={url} height={height} watermarks={watermarks} onProgress={onProgress} />;
      break;
    case 'htm':
      view = (
        <HtmView
          url={url}
          title={report.title}
          height={height}
          watermarks={watermarks}
          onProgress={onProgress}
        />
      );
      break;
    case 'mp3':
      // The players place the watermark themselves: over the picture, never over the controls.
      view = (
        <div className={classes.frameBox} style={{ minHeight: height }}>
          <AudioView
            url={url}
            title={report.title}
            watermarks={watermarks}
            onExpired={onFileExpired}
            onProgress={onProgress}
          />
        </div>
      );
      break;
    case 'mp4':
    case 'mpg':
    case 'mpeg':
    case 'ogg':
      view = (
        <div className={classes.frameBox} style={{ minHeight: height }}>
          <VideoView
            url={url}
            title={report.title}
            height={height}
            watermarks={watermarks}
            onExpired={onFileExpired}
            onProgress={onProgress}
          />
        </div>
      );
      break;
    case 'youtube':
      view = (
        <Marked watermarks={watermarks} height={height}>
          <YoutubeView url={url} title={report.title} height={height} />
        </Marked>
      );
      break;
    default:
      view = (
        <Marked watermarks={watermarks} height={height}>
          <GenericFrameView url={url} title={report.title} height={height} />
        </Marked>
      );
  }
  return <Suspense fallback={<DocumentSkeleton height={height} firstPage={firstPage} />}>{view}</Suspense>;
}
