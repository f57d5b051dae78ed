import { placeWatermark, type ResolvedWatermark, watermarkAppliesToPage } from '@portal/contract';
import { degrees, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

const LINE_HEIGHT = 1.2;
// Half the cap height of Helvetica (718/1000 em): lifts the baseline so that the text's middle sits on the centre.
const HALF_CAP = 0.359;

/** Helvetica's WinAnsi encoding covers Latin scripts; other characters would make pdf-lib throw, so they become '?'. */
const encodable = (font: PDFFont) => {
  const supported = new Set(font.getCharacterSet());
  return (text: string) =>
    Array.from(text, (char) => (supported.has(char.codePointAt(0) ?? 0) ? char : '?')).join('');
};

const drawMark = (page: PDFPage, font: PDFFont, clean: (t: string) => string, mark: ResolvedWatermark) => {
  const box = page.getMediaBox();
  const place = placeWatermark(mark, { width: box.width, height: box.height });
  // placeWatermark measures from the top-left corner; PDF user space starts bottom-left.
  const cx = box.x + place.centerX;
  const cy = box.y + box.height - place.centerY;
  const theta = (place.angle * Math.PI) / 180;
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  const size = mark.fontSize;
  const lines = mark.text.split('\n').map(clean);
  const lineHeight = size * LINE_HEIGHT;
  const color = rgb(mark.color[0] / 255, mark.color[1] / 255, mark.color[2] / 255);
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    // the line's baseline start relative to the centre, before rotation
    const lx = -font.widthOfTextAtSize(line, size) / 2;
    const ly = ((lines.length - 1) / 2 - index) * lineHeight - size * HALF_CAP;
    page.drawText(line, {
      x: cx + lx * cos - ly * sin,
      y: cy + lx * sin + ly * cos,
      size,
      font,
      color,
      opacity: mark.opacity,
      rotate: degrees(place.angle),
    });
  });
};

/**
 * Stamps the reader's watermarks into a PDF as real text (so the mark is part of the file, extractable and
 * printable, not only an overlay), each on the pages its configuration names. Returns the new bytes and the
 * page count; with no watermarks the source is returned untouched.
 */
export const stampPdf = async (source: Uint8Array, watermarks: readonly ResolvedWatermark[]) => {
  const pdf = await PDFDocument.load(source, { updateMetadata: false });
  const pages = pdf.getPages();
  if (watermarks.length === 0) return { bytes: source, pageCount: pages.length };
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const clean = encodable(font);
  pages.forEach((page, index) => {
    for (const mark of watermarks) {
      if (watermarkAppliesToPage(mark, index + 1)) drawMark(page, font, clean, mark);
    }
  });
  return { bytes: await pdf.save(), pageCount: pages.length };
};

/** Pages of a PDF without stamping (the viewer's pageCount). */
export const pdfPageCount = async (source: Uint8Array) =>
  (await PDFDocument.load(source, { updateMetadata: false })).getPageCount();
