import {
  placeWatermark,
  type ResolvedWatermark,
  watermarkAppliesToPage,
  watermarkCssColor,
} from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import classes from './viewer.module.css';

const layerClass = {
  over: '',
  behind: classes.watermarkBehind,
  player: classes.watermarkPlayer,
} as const;

/**
 * The reader's watermarks over a document that is not a PDF (PDFs carry the server's stamp in the file). Placed
 * with the contract's placeWatermark on the visible document area, so the mark stays in view while the document
 * scrolls underneath; decorative for assistive technology and transparent to the pointer. The text is drawn by
 * CSS generated content from a data attribute: it is an incidental mark (WCAG 1.4.3), not text to be read, so it
 * stays out of the document's text, selection and contrast checks.
 */
export function WatermarkOverlay({
  watermarks,
  page = 1,
  scale = 1,
  layer = 'over',
  area,
}: {
  watermarks: readonly ResolvedWatermark[];
  /** the page the overlay covers: documents without pages count as page 1 */
  page?: number;
  /** document zoom, applied to the configured font size */
  scale?: number;
  /**
   * 'over' the document (a frame), 'behind' it (a workbook's cells are transparent: their text is drawn over the
   * mark, never under it), or over a 'player' (a halo keeps the mark visible on dark pictures; the pointer goes
   * through to the controls)
   */
  layer?: 'over' | 'behind' | 'player';
  /** the part of the parent box the marks are placed in (CSS pixels), when not all of it */
  area?: { left: number; top: number; width: number; height: number };
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const shown = watermarks.filter((w) => watermarkAppliesToPage(w, page));
  return (
    <div
      ref={ref}
      className={`${classes.watermarkLayer} ${layerClass[layer] ?? ''}`}
      style={area ? { inset: 'auto', ...area } : undefined}
      aria-hidden="true"
      data-testid="watermark-overlay"
      data-layer={layer}
    >
      {size.width > 0 &&
        shown.map((watermark, i) => {
          const at = placeWatermark(watermark, size);
          return (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: configurations are ordered and have no identity
              key={i}
              className={classes.watermark}
              data-watermark={watermark.text}
              style={{
                left: at.centerX,
                top: at.centerY,
                color: watermarkCssColor(watermark),
                fontSize: watermark.fontSize * scale,
                opacity: watermark.opacity,
                transform: `translate(-50%, -50%) rotate(${-at.angle}deg)`,
              }}
            />
          );
        })}
    </div>
  );
}
