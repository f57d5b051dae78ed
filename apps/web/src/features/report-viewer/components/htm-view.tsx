import { type ResolvedWatermark, viewerMessages } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { addPrintWatermarks } from '../lib/print-watermark.ts';
import { scrolledFraction } from '../lib/reading-progress.ts';
import { htmZoom, toolbarHeight } from '../lib/viewer-constants.ts';
import classes from './viewer.module.css';
import { WatermarkOverlay } from './watermark-overlay.tsx';

const roundZoom = (value: number) => Math.round(value * 10) / 10;
/** Spec 1 section 9: zoom starts at 1.4 and moves by 0.1, never below 0.1. */
export const zoomIn = (zoom: number) => roundZoom(zoom + htmZoom.step);
export const zoomOut = (zoom: number) => Math.max(htmZoom.min, roundZoom(zoom - htmZoom.step));

/** The smallest zoom the fit goes down to: below it the text is too small to read, and the frame scrolls instead. */
const minFitZoom = 0.5;

/**
 * The zoom a report opens at: the spec's 1.4 where the report fits the frame at 1.4 (a desktop frame), else the
 * largest zoom, in the spec's 0.1 steps, at which it does (a phone: at 1.4 the text ran off the right edge).
 */
export const fitZoom = (doc: Document) => {
  const root = doc.documentElement;
  let zoom: number = htmZoom.initial;
  for (; zoom > minFitZoom; zoom = zoomOut(zoom)) {
    root.style.zoom = String(zoom);
    if (root.scrollWidth <= root.clientWidth) break;
  }
  return zoom;
};

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; html: string };

/**
 * An htm report in a sandboxed frame: the report's HTML is fetched and given to the frame as srcdoc, with no
 * allow-scripts (the report's scripts never run). allow-same-origin lets the viewer set the zoom and add the
 * print watermark inside the frame; allow-modals is what print() needs in a sandbox.
 */
export default function HtmView({
  url,
  title,
  height,
  watermarks,
  onProgress,
}: {
  url: string;
  title: string;
  height: number;
  watermarks: readonly ResolvedWatermark[];
  onProgress?: (fraction: number) => void;
}) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [zoom, setZoom] = useState<number>(htmZoom.initial);
  // The zoom the report opened at for this frame width (what Reset goes back to).
  const [startZoom, setStartZoom] = useState<number>(htmZoom.initial);
  // Until the reader picks a zoom, the report is fitted again when the frame's width changes (rotation).
  const chosen = useRef(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const progress = useRef(onProgress);
  progress.current = onProgress;

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    void (async () => {
      try {
        const response = await fetch(url, { credentials: 'include', signal: controller.signal });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        setState({ status: 'ready', html: await response.text() });
      } catch {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      }
    })();
    return () => controller.abort();
  }, [url]);

  const applyZoom = useCallback(() => {
    const doc = frameRef.current?.contentDocument;
    if (doc?.documentElement) doc.documentElement.style.zoom = String(zoom);
  }, [zoom]);
  useEffect(applyZoom, [applyZoom]);

  const fit = useCallback(() => {
    const doc = frameRef.current?.contentDocument;
    if (!doc?.documentElement || chosen.current) return;
    const fitted = fitZoom(doc);
    setStartZoom(fitted);
    setZoom(fitted);
  }, []);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || state.status !== 'ready') return;
    let width = frame.clientWidth;
    const observer = new ResizeObserver(() => {
      if (frame.clientWidth === width) return;
      width = frame.clientWidth;
      fit();
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, [state.status, fit]);

  const choose = (next: (zoom: number) => number) => {
    chosen.current = true;
    setZoom(next);
  };

  const onLoad = () => {
    const doc = frameRef.current?.contentDocument;
    if (!doc?.body) return;
    // Links leave the frame in a new tab instead of replacing the report inside it.
    const base = doc.createElement('base');
    base.target = '_blank';
    doc.head.prepend(base);
    addPrintWatermarks(doc, watermarks);
    fit();
    applyZoom();
    const scroller = doc.scrollingElement;
    if (scroller) {
      const report = () => progress.current?.(scrolledFraction(scroller));
      doc.addEventListener('scroll', report, { passive: true });
      report();
    }
  };

  if (state.status === 'failed')
    return (
      <div className={classes.fallback} role="alert">
        <p>{viewerMessages.loadFailed}</p>
      </div>
    );

  return (
    <div className={classes.htmView}>
      <div className={classes.zoomBar} role="toolbar" aria-label="Zoom">
        <button
          type="button"
          className={classes.toolButton}
          onClick={() => choose(zoomOut)}
          disabled={zoom <= htmZoom.min}
          aria-label="Zoom out"
        >
          −
        </button>
        <output className={classes.zoomValue} aria-live="polite" aria-label="Zoom level">
          {Math.round(zoom * 100)}%
        </output>
        <button
          type="button"
          className={classes.toolButton}
          onClick={() => choose(zoomIn)}
          aria-label="Zoom in"
        >
          +
        </button>
        <button
          type="button"
          className={classes.toolButton}
          onClick={() => {
            chosen.current = false;
            setZoom(startZoom);
          }}
          aria-label="Reset zoom"
        >
          Reset
        </button>
        <button
          type="button"
          className={classes.toolButton}
          onClick={() => frameRef.current?.contentWindow?.print()}
          disabled={state.status !== 'ready'}
        >
          Print
        </button>
      </div>
      <div className={classes.frameBox} style={{ height: height - toolbarHeight }}>
        {state.status === 'loading' ? (
          <div className={classes.pageSkeleton} role="progressbar" aria-label="Loading report" />
        ) : (
          <iframe
            ref={frameRef}
            className={classes.frame}
            title={title}
            srcDoc={state.html}
            sandbox="allow-same-origin allow-modals allow-popups allow-popups-to-escape-sandbox"
            referrerPolicy="no-referrer"
            onLoad={onLoad}
          />
        )}
        <WatermarkOverlay watermarks={watermarks} />
      </div>
    </div>
  );
}
