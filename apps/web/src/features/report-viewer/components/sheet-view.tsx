import { type ResolvedWatermark, viewerMessages } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import type { SheetCell, SheetTable } from '../lib/read-workbook.ts';
import { scrolledFraction } from '../lib/reading-progress.ts';
import { toolbarHeight } from '../lib/viewer-constants.ts';
import classes from './viewer.module.css';
import { WatermarkOverlay } from './watermark-overlay.tsx';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; sheets: SheetTable[] };

/**
 * The part of the sheet's frame right of the sticky first column, where the watermark goes (over the labels
 * column it would hide behind the column's opaque cells).
 */
function useScrollingArea(box: HTMLElement | null, key: unknown) {
  const [area, setArea] = useState<{ left: number; top: number; width: number; height: number }>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again for another sheet
  useEffect(() => {
    if (!box) return;
    const measure = () => {
      const first = box.querySelector(`.${classes.rowLabel}:not([colspan])`);
      // The labels column never takes more than half the frame: the mark keeps room on a phone.
      const left = Math.min(first ? first.getBoundingClientRect().width : 0, box.clientWidth / 2);
      setArea({ left, top: 0, width: box.clientWidth - left, height: box.clientHeight });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    const table = box.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [box, key]);
  return area;
}

const alignClass = { left: undefined, center: classes.centred, right: classes.numeric } as const;

/** A cell's look from the workbook: its alignment (numbers right), bold and italic. */
const cellClass = (cell: SheetCell, ...more: (string | undefined)[]) =>
  [alignClass[cell.align], cell.bold && classes.bold, cell.italic && classes.italic, ...more]
    .filter(Boolean)
    .join(' ') || undefined;

/**
 * xls/xlsx reports as tables, one tab per worksheet (this module loads only when needed, and the workbook reader,
 * exceljs, in a chunk of its own while the file downloads). Merged cells span their range. The table scrolls
 * inside its own box with its first column sticking, as in a spreadsheet app. The reader's watermark lies under
 * that box's transparent cells, right of the first column, so it never hides a cell's text; never over the
 * worksheet tabs (its top line hid the tab names).
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
  const [scrollBox, setScrollBox] = useState<HTMLElement | null>(null);
  const area = useScrollingArea(scrollBox, state.status === 'ready' ? active : -1);
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
      // The reader's chunk loads while the file downloads.
      const reader = import('../lib/read-workbook.ts');
      reader.catch(() => {});
      try {
        const response = await fetch(url, { credentials: 'include', signal: controller.signal });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const bytes = await response.arrayBuffer();
        const sheets = await (await reader).readWorkbook(bytes);
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
      <div className={`${classes.frameBox} ${classes.sheetFrame}`}>
        <section
          ref={(element) => {
            scrollRef.current = element;
            setScrollBox(element);
          }}
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
              {sheet?.rows.map((row, r) => {
                // A row with no label but figures (the years over the columns) heads the columns below it.
                const headsColumns =
                  row.length > 1 && !row[0]?.text.trim() && row.some((cell) => cell.text.trim());
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
                  <tr key={r}>
                    {row.map((cell, c) => {
                      if (cell.covered) return null;
                      const span = { colSpan: cell.colSpan, rowSpan: cell.rowSpan };
                      // The first column labels its row: a row header, and the column that stays in view (a
                      // title merged across columns scrolls with them).
                      if (c === 0) {
                        const label = cellClass(cell, cell.colSpan ? undefined : classes.rowLabel);
                        return headsColumns ? (
                          // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their position
                          <td key={c} className={label} {...span}>
                            {cell.text}
                          </td>
                        ) : (
                          // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their position
                          <th key={c} scope="row" className={label} {...span}>
                            {cell.text}
                          </th>
                        );
                      }
                      return headsColumns ? (
                        // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their position
                        <th key={c} scope="col" className={cellClass(cell)} {...span}>
                          {cell.text}
                        </th>
                      ) : (
                        // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their position
                        <td key={c} className={cellClass(cell)} {...span}>
                          {cell.text}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
        <WatermarkOverlay watermarks={watermarks} layer="behind" area={area} />
      </div>
    </div>
  );
}
