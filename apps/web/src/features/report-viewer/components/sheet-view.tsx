import { type ResolvedWatermark, viewerMessages } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { readWorkbook, type SheetTable } from '../lib/read-workbook.ts';
import { scrolledFraction } from '../lib/reading-progress.ts';
import { toolbarHeight } from '../lib/viewer-constants.ts';
import classes from './viewer.module.css';
import { WatermarkOverlay } from './watermark-overlay.tsx';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; sheets: SheetTable[] };

/**
 * xls/xlsx reports as tables, one tab per worksheet (this module and its zip reader load only when needed). The
 * table scrolls inside its own box, and the reader's watermark lies over that box only: over the worksheet tabs
 * its top line hid the tab names.
 */
export default function SheetView({
  url,
  height,
  watermarks,
  onProgress,
}: {
  url: string;
  height: number;
  watermarks: readonly ResolvedWatermark[];
  onProgress?: (fraction: number) => void;
}) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [active, setActive] = useState(0);
  const scrollRef = useRef<HTMLElement>(null);
  const progress = useRef(onProgress);
  progress.current = onProgress;

  // What is on screen when a worksheet opens counts as read, as does every scroll further down.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the sheet or its height changes
  useEffect(() => {
    const box = scrollRef.current;
    if (box) progress.current?.(scrolledFraction(box));
  }, [state, active, height]);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    setActive(0);
    void (async () => {
      try {
        const response = await fetch(url, { credentials: 'include', signal: controller.signal });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const sheets = await readWorkbook(await response.arrayBuffer());
        if (sheets.length === 0) throw new Error('No worksheets');
        setState({ status: 'ready', sheets });
      } catch {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      }
    })();
    return () => controller.abort();
  }, [url]);

  if (state.status === 'loading')
    return (
      <div
        className={classes.pageSkeleton}
        style={{ height }}
        role="progressbar"
        aria-label="Loading workbook"
      />
    );
  if (state.status === 'failed')
    return (
      <div className={classes.fallback}>
        <p>The workbook cannot be shown on this page.</p>
        <a className={classes.fallbackButton} href={url} target="_blank" rel="noopener noreferrer">
          {viewerMessages.viewReport}
        </a>
      </div>
    );

  const sheet = state.sheets[active] ?? state.sheets[0];
  return (
    <div className={classes.sheetView}>
      {state.sheets.length > 1 && (
        <div className={classes.sheetTabs} role="toolbar" aria-label="Worksheets">
          {state.sheets.map((s, i) => (
            <button
              key={s.name}
              type="button"
              className={classes.toolButton}
              aria-pressed={i === active}
              onClick={() => setActive(i)}
            >
              {s.name}
            </button>
          ))}
        </div>
      )}
      <div className={classes.frameBox}>
        <section
          ref={scrollRef}
          className={classes.sheetScroll}
          style={{ height: state.sheets.length > 1 ? height - toolbarHeight : height }}
          aria-label={`Worksheet ${sheet?.name ?? ''}`}
          onScroll={(event) => onProgress?.(scrolledFraction(event.currentTarget))}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
        >
          <table className={classes.sheetTable}>
            <caption className={classes.visuallyHidden}>{sheet?.name}</caption>
            <tbody>
              {sheet?.rows.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
                <tr key={r}>
                  {row.map((cell, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their position
                    <td key={c} className={/^-?[\d,.]+%?$/.test(cell) ? classes.numeric : undefined}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <WatermarkOverlay watermarks={watermarks} />
      </div>
    </div>
  );
}
