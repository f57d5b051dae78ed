import { viewerMessages } from '@portal/contract';
import {
  GlobalWorkerOptions,
  getDocument,
  type PDFDocumentProxy,
  type PDFPageProxy,
  PDFWorker,
  RenderingCancelledException,
  TextLayer,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { takeBootPdfWorker } from '../../../lib/boot.ts';
import { firstPageTiming } from '../lib/first-page.ts';
import { takePdfBytes } from '../lib/pdf-bytes.ts';
import {
  doubleTap,
  firstPdfPageMark,
  pdfDoubleTapZoom,
  pdfPagerThreshold,
  pdfZoom,
} from '../lib/viewer-constants.ts';
import classes from './viewer.module.css';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Widest fitted page, in CSS pixels: wider screens get margins rather than a blown-up page (zoom goes past it). */
const maxPageWidth = 1100;
/** Largest canvas drawn, in device pixels (pdf.js's own viewer uses the same bound): past it a zoomed page is drawn
 * at a lower pixel ratio rather than with a canvas that costs hundreds of megabytes. */
const maxCanvasPixels = 2 ** 24;

const clampZoom = (zoom: number) => Math.min(pdfZoom.max, Math.max(pdfZoom.min, zoom));
/** Zoom buttons step by a factor; a step that lands near the fitted width snaps to it. */
export const pdfZoomIn = (zoom: number) =>
  clampZoom(Math.abs(zoom * pdfZoom.step - 1) < 0.05 ? 1 : zoom * pdfZoom.step);
export const pdfZoomOut = (zoom: number) =>
  clampZoom(Math.abs(zoom / pdfZoom.step - 1) < 0.05 ? 1 : zoom / pdfZoom.step);

/** A point of the document tied to a page (fractions of its box), kept at a point of the scrolling area. */
interface Anchor {
  page: number;
  fx: number;
  fy: number;
  /** where in the visible area the point was, in CSS pixels from its top left */
  vx: number;
  vy: number;
}

const pageBoxes = (scroller: HTMLElement) => [
  ...scroller.querySelectorAll<HTMLElement>('[data-page-number]'),
];

/** The page under a point of the visible area (or the nearest one), and where on it the point lies. */
const anchorAt = (scroller: HTMLElement, vx: number, vy: number): Anchor | null => {
  const x = scroller.scrollLeft + vx;
  const y = scroller.scrollTop + vy;
  let found: HTMLElement | undefined;
  for (const box of pageBoxes(scroller)) {
    found = box;
    if (y < box.offsetTop + box.offsetHeight) break;
  }
  if (!found || found.offsetWidth === 0 || found.offsetHeight === 0) return null;
  return {
    page: Number(found.dataset.pageNumber),
    fx: (x - found.offsetLeft) / found.offsetWidth,
    fy: (y - found.offsetTop) / found.offsetHeight,
    vx,
    vy,
  };
};

/** Scrolls so that the anchored point of its page is back where it was in the visible area. */
const restoreAnchor = (scroller: HTMLElement, anchor: Anchor) => {
  const box = scroller.querySelector<HTMLElement>(`[data-page-number="${anchor.page}"]`);
  if (!box) return;
  scroller.scrollLeft = box.offsetLeft + anchor.fx * box.offsetWidth - anchor.vx;
  scroller.scrollTop = box.offsetTop + anchor.fy * box.offsetHeight - anchor.vy;
};

/** The last page whose top has come into view: how far the reader got (page count fraction). */
const lastPageReached = (scroller: HTMLElement) => {
  const bottom = scroller.scrollTop + scroller.clientHeight;
  let reached = 0;
  for (const box of pageBoxes(scroller)) {
    if (box.offsetTop < bottom) reached = Math.max(reached, Number(box.dataset.pageNumber));
  }
  return reached;
};

interface PdfPageProps {
  doc: PDFDocumentProxy;
  pageNumber: number;
  /** the page's width on screen, in CSS pixels (fitted width times zoom) */
  width: number;
  /** the scrolling area: pages are drawn when they come near its visible part */
  root: HTMLElement | null;
  onPainted?: () => void;
  /** The page could not be drawn (a damaged file): the viewer falls back to 'View Report'. */
  onFailed: () => void;
  /** The page shown first: drawn at once, without waiting for the visibility observer's first report. */
  eager?: boolean;
}

/**
 * One page: the canvas drawing and, over it, pdf.js's text layer so the text can be selected and read out. A page
 * is drawn when it comes within a screen of the visible area, and drawn again at a new zoom only when it is there:
 * the new drawing replaces the old canvas once done (the old one, stretched, stands in meanwhile).
 */
function PdfPage({ doc, pageNumber, width, root, onPainted, onFailed, eager = false }: PdfPageProps) {
  const canvasBoxRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const pageRef = useRef<HTMLElement>(null);
  const painted = useRef(onPainted);
  painted.current = onPainted;
  const failed = useRef(onFailed);
  failed.current = onFailed;
  const [page, setPage] = useState<PDFPageProxy | null>(null);
  const [near, setNear] = useState(eager);

  useEffect(() => {
    let cancelled = false;
    doc
      .getPage(pageNumber)
      .then((loaded) => {
        if (!cancelled) setPage(loaded);
      })
      .catch(() => {
        if (!cancelled) failed.current();
      });
    return () => {
      cancelled = true;
    };
  }, [doc, pageNumber]);

  useEffect(() => {
    const frame = pageRef.current;
    if (!frame || !root) return;
    const observer = new IntersectionObserver(
      (entries) => setNear(eager || entries.some((e) => e.isIntersecting)),
      {
        root,
        rootMargin: '100% 0px',
      },
    );
    observer.observe(frame);
    return () => observer.disconnect();
  }, [root, eager]);

  const natural = page?.getViewport({ scale: 1 });
  const scale = natural ? width / natural.width : 1;
  // Until the page's own size is known it takes an A4 portrait box, so the pages below keep their places.
  const height = natural ? Math.floor(natural.height * scale) : Math.floor(width * Math.SQRT2);

  useEffect(() => {
    if (!page || !near) return;
    let cancelled = false;
    let cancelRender = () => {};
    let textLayer: TextLayer | null = null;
    void (async () => {
      const viewport = page.getViewport({ scale });
      const box = canvasBoxRef.current;
      const container = textRef.current;
      if (!box || !container) return;
      // Crisp on the screen's pixel ratio, within the canvas bound.
      const ratio = Math.min(
        window.devicePixelRatio || 1,
        Math.sqrt(maxCanvasPixels / (viewport.width * viewport.height)),
      );
      const canvas = document.createElement('canvas');
      canvas.className = classes.pdfCanvas ?? '';
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      const task = page.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      cancelRender = () => task.cancel();
      try {
        await task.promise;
      } catch (error) {
        if (error instanceof RenderingCancelledException) return;
        throw error;
      }
      if (cancelled) return;
      box.replaceChildren(canvas);
      painted.current?.();
      container.replaceChildren();
      textLayer = new TextLayer({ textContentSource: page.streamTextContent(), container, viewport });
      // A page without its text layer is still readable; only the drawing itself failing is an error.
      await textLayer.render().catch(() => undefined);
    })().catch(() => {
      if (!cancelled) failed.current();
    });
    return () => {
      cancelled = true;
      cancelRender();
      textLayer?.cancel();
    };
  }, [page, near, scale]);

  return (
    <figure
      ref={pageRef}
      className={classes.pdfPage}
      aria-label={`Page ${pageNumber} of ${doc.numPages}`}
      data-page-number={pageNumber}
      style={
        {
          width: Math.floor(width),
          height,
          '--total-scale-factor': scale,
          '--scale-round-x': '1px',
          '--scale-round-y': '1px',
        } as React.CSSProperties
      }
    >
      <div ref={canvasBoxRef} className={classes.pdfCanvasBox} />
      <div ref={textRef} className={`textLayer ${classes.textLayer}`} />
    </figure>
  );
}

/** A report link the browser's own PDF viewer opens (spec 1 section 2.7: the 'View Report' fallback). */
function ViewReportFallback({ url }: { url: string }) {
  return (
    <div className={classes.fallback}>
      <p>The report cannot be shown on this page.</p>
      <a className={classes.fallbackButton} href={url} target="_blank" rel="noopener noreferrer">
        {viewerMessages.viewReport}
      </a>
    </div>
  );
}

interface Pinch {
  distance: number;
  /** the fingers' midpoint in the visible area */
  vx: number;
  vy: number;
  anchor: Anchor | null;
  ratio: number;
}

const touchDistance = (a: Touch, b: Touch) => Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);

/**
 * PDF reports drawn by pdf.js onto canvases, with a text layer over each page. Up to ten pages show one under the
 * other; longer reports show one page at a time with a pager (spec 1 section 9). Pages fit the width of the
 * viewer; zoom (buttons, + and - keys, pinch) draws them again at the new size, keeping the point that was in
 * view where it was, as does a rotation or resize. The file already carries the reader's watermark (stamped by the
 * server), so nothing is drawn over it here.
 */
export default function PdfView({
  url,
  height,
  onProgress,
  firstPage,
}: {
  url: string;
  height: number;
  onProgress?: (fraction: number) => void;
  /** the picture of page one the server drew (lib/boot-hints.ts), shown in its place until pdf.js has drawn it */
  firstPage?: string | undefined;
}) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [fitWidth, setFitWidth] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const pagesRef = useRef<HTMLDivElement>(null);
  const pendingAnchor = useRef<Anchor | null>(null);
  const zoomRef = useRef(zoom);
  zoomRef.current = zoom;
  const marked = useRef(false);
  const [drawn, setDrawn] = useState(false);
  const progress = useRef(onProgress);
  progress.current = onProgress;

  useEffect(() => {
    setDoc(null);
    setFailed(false);
    setPage(1);
    setZoom(1);
    marked.current = false;
    let cancelled = false;
    let task: ReturnType<typeof getDocument> | null = null;
    // The worker the page started when it opened on this screen (lib/boot.ts), already loaded while the report's
    // data came: the first document's, ended with it. Later documents start their own (workerSrc).
    const bootWorker = takeBootPdfWorker();
    const worker = bootWorker ? PDFWorker.create({ port: bootWorker }) : undefined;
    const onWorkerError = () => {
      if (!cancelled) setFailed(true);
    };
    bootWorker?.addEventListener('error', onWorkerError);
    takePdfBytes(url)
      .then((bytes) => {
        if (cancelled) return;
        // No eval: the portal's CSP forbids it (pdf.js then uses its CSP-safe font path).
        task = getDocument({
          data: new Uint8Array(bytes),
          isEvalSupported: false,
          ...(worker && { worker }),
        });
        return task.promise.then((loaded) => {
          if (cancelled) return;
          // The first page is asked for at once (pdf.js keeps the answer): the page component finds it ready.
          loaded.getPage(1).catch(() => undefined);
          setDoc(loaded);
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      bootWorker?.removeEventListener('error', onWorkerError);
      const destroyed = task?.destroy() ?? Promise.resolve();
      void destroyed.finally(() => {
        worker?.destroy();
        bootWorker?.terminate();
      });
    };
  }, [url]);

  // The fitted width follows the viewer's width (rotation, resize); the page at the top of the view stays there.
  useEffect(() => {
    if (!scroller) return;
    const measure = () => {
      const style = getComputedStyle(scroller);
      const inner =
        scroller.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const next = Math.min(maxPageWidth, Math.max(120, Math.floor(inner)));
      setFitWidth((previous) => {
        if (previous !== next && previous > 0)
          pendingAnchor.current ??= anchorAt(scroller, scroller.clientWidth / 2, 0);
        return next;
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scroller]);

  const pageWidth = Math.round(fitWidth * zoom);

  // After a new size is laid out, the anchored point goes back where it was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the pages' size changed
  useLayoutEffect(() => {
    const anchor = pendingAnchor.current;
    pendingAnchor.current = null;
    if (anchor && scroller) restoreAnchor(scroller, anchor);
  }, [pageWidth]);

  const changeZoom = useCallback(
    (next: (zoom: number) => number, at?: { vx: number; vy: number }) => {
      if (!scroller) return;
      const target = clampZoom(next(zoomRef.current));
      if (target === zoomRef.current) return;
      const point = at ?? { vx: scroller.clientWidth / 2, vy: scroller.clientHeight / 2 };
      pendingAnchor.current = anchorAt(scroller, point.vx, point.vy);
      setZoom(target);
    },
    [scroller],
  );

  // Pinch: while the fingers move the pages are scaled by CSS around their midpoint; when they lift, the pages are
  // drawn at the new zoom with that point kept under the fingers. Two-finger moves are the viewer's own here (the
  // CSS touch-action leaves the browser only panning, so the site itself never zooms or pans sideways); one finger
  // scrolls the pages. A double tap zooms in at the tapped point, or back to the fitted width, as a PDF reader
  // app does.
  useEffect(() => {
    const pages = pagesRef.current;
    if (!scroller || !pages) return;
    let pinch: Pinch | null = null;
    /** the finger that went down alone, while it has not moved: a tap in the making */
    let tap: { x: number; y: number; at: number } | null = null;
    let lastTap: { x: number; y: number; at: number } | null = null;
    const local = (x: number, y: number) => {
      const rect = scroller.getBoundingClientRect();
      return { vx: x - rect.left, vy: y - rect.top };
    };
    const midpoint = (touches: TouchList) => {
      const [a, b] = [touches[0] as Touch, touches[1] as Touch];
      return local((a.clientX + b.clientX) / 2, (a.clientY + b.clientY) / 2);
    };
    const onStart = (event: TouchEvent) => {
      if (event.touches.length === 1) {
        const touch = event.touches[0] as Touch;
        tap = { x: touch.clientX, y: touch.clientY, at: event.timeStamp };
        return;
      }
      tap = null;
      lastTap = null;
      if (event.touches.length !== 2) return;
      const at = midpoint(event.touches);
      pinch = {
        distance: touchDistance(event.touches[0] as Touch, event.touches[1] as Touch),
        ...at,
        anchor: anchorAt(scroller, at.vx, at.vy),
        ratio: 1,
      };
      const originX = scroller.scrollLeft + at.vx - pages.offsetLeft;
      const originY = scroller.scrollTop + at.vy - pages.offsetTop;
      pages.style.transformOrigin = `${originX}px ${originY}px`;
    };
    const onMove = (event: TouchEvent) => {
      const moved = event.touches[0];
      if (tap && moved && Math.hypot(moved.clientX - tap.x, moved.clientY - tap.y) > doubleTap.px / 3)
        tap = null;
      if (!pinch || event.touches.length !== 2) return;
      event.preventDefault();
      const distance = touchDistance(event.touches[0] as Touch, event.touches[1] as Touch);
      const ratio = clampZoom((zoomRef.current * distance) / Math.max(1, pinch.distance)) / zoomRef.current;
      pinch.ratio = ratio;
      pages.style.transform = `scale(${ratio})`;
    };
    const onTapEnd = (event: TouchEvent) => {
      const done = tap;
      tap = null;
      if (!done || event.touches.length > 0 || event.timeStamp - done.at > doubleTap.ms) return;
      const previous = lastTap;
      lastTap = done;
      if (
        !previous ||
        done.at - previous.at > doubleTap.ms ||
        Math.hypot(done.x - previous.x, done.y - previous.y) > doubleTap.px
      )
        return;
      lastTap = null;
      // The second tap is the viewer's: no click, no word selected under it.
      event.preventDefault();
      changeZoom((zoom) => (zoom > 1.05 ? 1 : pdfDoubleTapZoom), local(done.x, done.y));
    };
    const onEnd = (event: TouchEvent) => {
      // A cancelled touch (the browser took it over) is no tap.
      if (event.type === 'touchend') onTapEnd(event);
      else tap = null;
      if (!pinch || event.touches.length >= 2) return;
      const done = pinch;
      pinch = null;
      pages.style.transform = '';
      if (Math.abs(done.ratio - 1) < 0.02) return;
      const target = clampZoom(zoomRef.current * done.ratio);
      pendingAnchor.current = done.anchor;
      setZoom(target);
    };
    scroller.addEventListener('touchstart', onStart, { passive: true });
    scroller.addEventListener('touchmove', onMove, { passive: false });
    scroller.addEventListener('touchend', onEnd, { passive: false });
    scroller.addEventListener('touchcancel', onEnd);
    return () => {
      scroller.removeEventListener('touchstart', onStart);
      scroller.removeEventListener('touchmove', onMove);
      scroller.removeEventListener('touchend', onEnd);
      scroller.removeEventListener('touchcancel', onEnd);
    };
  }, [scroller, changeZoom]);

  // A page turn shows the new page from its top, and the viewer's top in the window (the site may have been
  // scrolled past it on a phone, where the page scrolls): never the new page's bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useLayoutEffect(() => {
    if (!scroller) return;
    scroller.scrollTop = 0;
    const top = scroller.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight) scroller.scrollIntoView({ block: 'nearest' });
  }, [page]);

  const total = doc?.numPages ?? 0;
  const paged = total > pdfPagerThreshold;

  const reportProgress = useCallback(() => {
    if (!scroller || total === 0) return;
    const reached = paged ? page : lastPageReached(scroller);
    if (reached > 0) progress.current?.(reached / total);
  }, [scroller, total, paged, page]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again once the pages have their size
  useEffect(reportProgress, [reportProgress, pageWidth]);

  const onFirstPainted = () => {
    if (marked.current) return;
    marked.current = true;
    setDrawn(true);
    // The benchmark (bench/pdf-first-page.mjs) reads this mark: navigation start to the first painted page.
    performance.mark(firstPdfPageMark);
  };

  if (failed) return <ViewReportFallback url={url} />;

  const pages = doc ? (paged ? [page] : Array.from({ length: total }, (_, i) => i + 1)) : [];

  return (
    <div className={classes.pdfView} style={{ height }}>
      <div className={classes.pdfBar} data-paged={paged || undefined}>
        {paged && (
          <nav className={classes.pdfPager} aria-label="Report pages">
            <button
              type="button"
              className={classes.toolButton}
              onClick={() => setPage((p) => Math.max(1, p - 1))}
              disabled={page <= 1}
              aria-label="Previous page"
            >
              <span aria-hidden="true">‹</span> <span className={classes.wideOnly}>Previous</span>
            </button>
            <label className={classes.pageInput}>
              <span className={classes.wideOnly}>Page</span>
              <input
                type="number"
                min={1}
                max={total}
                value={page}
                onChange={(event) => {
                  const next = Number(event.target.value);
                  if (Number.isInteger(next) && next >= 1 && next <= total) setPage(next);
                }}
              />
              <span>of {total}</span>
            </label>
            <button
              type="button"
              className={classes.toolButton}
              onClick={() => setPage((p) => Math.min(total, p + 1))}
              disabled={page >= total}
              aria-label="Next page"
            >
              <span className={classes.wideOnly}>Next</span> <span aria-hidden="true">›</span>
            </button>
          </nav>
        )}
        <div className={classes.pdfZoom} role="toolbar" aria-label="Zoom">
          <button
            type="button"
            className={classes.toolButton}
            onClick={() => changeZoom(pdfZoomOut)}
            disabled={!doc || zoom <= pdfZoom.min}
            aria-label="Zoom out"
          >
            <span aria-hidden="true">−</span>
          </button>
          <output className={classes.zoomValue} aria-live="polite" aria-label="Zoom level">
            {Math.round(zoom * 100)}%
          </output>
          <button
            type="button"
            className={classes.toolButton}
            onClick={() => changeZoom(pdfZoomIn)}
            disabled={!doc || zoom >= pdfZoom.max}
            aria-label="Zoom in"
          >
            <span aria-hidden="true">+</span>
          </button>
          <button
            type="button"
            className={classes.toolButton}
            onClick={() => changeZoom(() => 1)}
            disabled={!doc || zoom === 1}
            aria-label="Fit to width"
          >
            Fit
          </button>
        </div>
      </div>
      <section
        ref={setScroller}
        className={classes.pdfScroll}
        aria-label="Report document"
        aria-busy={doc ? undefined : true}
        aria-keyshortcuts="+ - 0"
        onScroll={reportProgress}
        onKeyDown={(event) => {
          if (event.ctrlKey || event.metaKey || event.altKey) return;
          if (event.key === '+' || event.key === '=') changeZoom(pdfZoomIn);
          else if (event.key === '-') changeZoom(pdfZoomOut);
          else if (event.key === '0') changeZoom(() => 1);
          else return;
          event.preventDefault();
        }}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
      >
        <div ref={pagesRef} className={classes.pdfPages}>
          {firstPage && !drawn && (
            // The server's picture of page one, where pdf.js draws it, until pdf.js has (then it goes).
            <div className={classes.firstPagePicture} data-over={doc ? '' : undefined} aria-hidden="true">
              <img
                src={firstPage}
                alt=""
                {...firstPageTiming}
                width={893}
                height={1263}
                style={pageWidth ? { width: pageWidth } : undefined}
              />
            </div>
          )}
          {!doc && !firstPage && <div className={classes.pageSkeleton} aria-hidden="true" />}
          {doc &&
            fitWidth > 0 &&
            pages.map((n) => (
              <PdfPage
                key={n}
                doc={doc}
                pageNumber={n}
                width={pageWidth}
                root={scroller}
                onPainted={n === pages[0] ? onFirstPainted : undefined}
                eager={n === pages[0]}
                onFailed={() => setFailed(true)}
              />
            ))}
        </div>
      </section>
    </div>
  );
}
