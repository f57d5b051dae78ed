import {
  placeWatermark,
  type ResolvedWatermark,
  watermarkAppliesToPage,
  watermarkCssColor,
} from '@portal/contract';

const markerAttribute = 'data-portal-watermark';

/**
 * Adds the reader's watermarks to an htm report's own document for printing only: the overlay the viewer draws
 * on screen is outside the frame, so a printout of the frame would otherwise carry no mark. Fixed elements repeat
 * on every printed page. Positions are percentages of the page from the contract's placement rule.
 */
export function addPrintWatermarks(doc: Document, watermarks: readonly ResolvedWatermark[]) {
  for (const old of Array.from(doc.querySelectorAll(`[${markerAttribute}]`))) old.remove();
  const shown = watermarks.filter((w) => watermarkAppliesToPage(w, 1));
  if (shown.length === 0) return;
  const style = doc.createElement('style');
  style.setAttribute(markerAttribute, '');
  style.textContent = `[${markerAttribute}] { display: none; }
@media print {
  div[${markerAttribute}] { display: block; position: fixed; z-index: 2147483647; pointer-events: none;
    white-space: pre-wrap; text-align: center; font-family: Helvetica, Arial, sans-serif; }
}`;
  doc.head.append(style);
  for (const watermark of shown) {
    const at = placeWatermark(watermark, { width: 100, height: 100 });
    const mark = doc.createElement('div');
    mark.setAttribute(markerAttribute, '');
    mark.setAttribute('aria-hidden', 'true');
    mark.textContent = watermark.text;
    Object.assign(mark.style, {
      left: `${at.centerX}%`,
      top: `${at.centerY}%`,
      color: watermarkCssColor(watermark),
      fontSize: `${watermark.fontSize}pt`,
      opacity: String(watermark.opacity),
      transform: `translate(-50%, -50%) rotate(${-at.angle}deg)`,
    });
    doc.body.append(mark);
  }
}
