import { messages } from '@portal/contract';
import {
  GlobalWorkerOptions,
  getDocument,
  type PDFDocumentProxy,
  RenderingCancelledException,
  TextLayer,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { takePdfBytes } from '../lib/pdf-bytes.ts';
import { firstPdfPageMark, pdfPagerThreshold, toolbarHeight } from '../lib/viewer-constants.ts';
import classes from './viewer.module.css';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Widest rendering, in CSS pixels: wider screens get margins rather than a blown-up page. */
const maxPageWidth = 1100;

interface PdfPageProps {
  doc: PDFDocumentProxy;
  pageNumber: number;
  width: number;
  onPainted?: () => void;
  /** The page could not be drawn (a damaged file): the viewer falls back to 'View Report'. */
  onFailed: () => void;
}

/** One page: the canvas drawing and, over it, pdf.js's text layer so the text can be selected and read out. */
function PdfPage({ doc, pageNumber, width, onPainted, onFailed }: PdfPageProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const pageRef = useRef<HTMLElement>(null);
  const painted = useRef(onPainted);
  painted.current = onPainted;
  const failed = useRef(onFailed);
  failed.current = onFailed;
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);

  useEffect(() => {
    let cancelled = false;
    let cancelRender = () => {};
    let textLayer: TextLayer | null = null;
    void (async () => {
      const page = await doc.getPage(pageNumber);
      if (cancelled) return;
      const natural = page.getViewport({ scale: 1 });
      const scale = Math.min(width, maxPageWidth) / natural.width;
      const viewport = page.getViewport({ scale });
      const canvas = canvasRef.current;
      const container = textRef.current;
      const frame = pageRef.current;
      if (!canvas || !container || !frame) return;
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      setSize({ width: Math.floor(viewport.width), height: Math.floor(viewport.height) });
      frame.style.setProperty('--total-scale-factor', String(scale));
      frame.style.setProperty('--scale-round-x', '1px');
      frame.style.setProperty('--scale-round-y', '1px');
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
  }, [doc, pageNumber, width]);

  return (
    <figure
      ref={pageRef}
      className={classes.pdfPage}
      aria-label={`Page ${pageNumber} of ${doc.numPages}`}
      data-page-number={pageNumber}
      style={size ? { width: size.width, height: size.height } : { width: Math.min(width, maxPageWidth) }}
    >
      <canvas ref={canvasRef} className={classes.pdfCanvas} />
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
        {messages.viewer.viewReport}
      </a>
    </div>
  );
}

/**
 * PDF reports drawn by pdf.js onto canvases, with a text layer over each page. Up to ten pages show one under the
 * other; longer reports show one page at a time with a pager (spec 1 section 9). The file already carries the
 * reader's watermark (stamped by the server), so nothing is drawn over it here.
 */
export default function PdfView({ url, height }: { url: string; height: number }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [width, setWidth] = useState(0);
  const scrollRef = useRef<HTMLDivElement>(null);
  const marked = useRef(false);

  useEffect(() => {
    setDoc(null);
    setFailed(false);
    setPage(1);
    marked.current = false;
    let cancelled = false;
    let task: ReturnType<typeof getDocument> | null = null;
    takePdfBytes(url)
      .then((bytes) => {
        if (cancelled) return;
        // No eval: the portal's CSP forbids it (pdf.js then uses its CSP-safe font path).
        task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false });
        return task.promise.then((loaded) => {
          if (!cancelled) setDoc(loaded);
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [url]);

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(200, element.clientWidth - 32));
    measure();
    const observer = new ResizeObserver(() => measure());
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page starts at its top
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [page]);

  const onFirstPainted = () => {
    if (marked.current) return;
    marked.current = true;
    // The benchmark (bench/pdf-first-page.mjs) reads this mark: navigation start to the first painted page.
    performance.mark(firstPdfPageMark);
  };

  if (failed) return <ViewReportFallback url={url} />;

  const total = doc?.numPages ?? 0;
  const paged = total > pdfPagerThreshold;
  const pages = doc ? (paged ? [page] : Array.from({ length: total }, (_, i) => i + 1)) : [];

  return (
    <div className={classes.pdfView}>
      {paged && (
        <nav className={classes.pager} aria-label="Report pages">
          <button
            type="button"
            className={classes.toolButton}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
            disabled={page <= 1}
            aria-label="Previous page"
          >
            <span aria-hidden="true">‹</span> Previous
          </button>
          <label className={classes.pageInput}>
            <span>Page</span>
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
            Next <span aria-hidden="true">›</span>
          </button>
        </nav>
      )}
      <section
        ref={scrollRef}
        className={classes.pdfScroll}
        style={{ height: paged ? height - toolbarHeight : height }}
        aria-label="Report document"
        aria-busy={doc ? undefined : true}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
      >
        {!doc && <div className={classes.pageSkeleton} aria-hidden="true" />}
        {doc &&
          width > 0 &&
          pages.map((n) => (
            <PdfPage
              key={n}
              doc={doc}
              pageNumber={n}
              width={width}
              onPainted={n === pages[0] ? onFirstPainted : undefined}
              onFailed={() => setFailed(true)}
            />
          ))}
      </section>
    </div>
  );
}
