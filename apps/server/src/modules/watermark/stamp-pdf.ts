import { placeWatermark, type ResolvedWatermark, watermarkAppliesToPage } from '@portal/contract';
import {
  beginText,
  degrees,
  endText,
  moveText,
  PDFDict,
  PDFDocument,
  type PDFFont,
  PDFName,
  type PDFPage,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFonts,
  setFontAndSize,
  setTextRenderingMode,
  showText,
  TextRenderingMode,
} from 'pdf-lib';

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
 * The invisible copy mark: the copy's id as text drawn in rendering mode 3 (neither filled nor stroked, PDF 32000
 * section 9.3.6) into every page's own content stream, so that one page taken out of the file (or the file saved
 * again by another tool) still names its copy; text extraction (pdf.js, pdftotext) reads it like any other text.
 * The document's information dictionary carries it too. Ids are lower-case hexadecimal, which every font encodes.
 */
export const copyMarkPrefix = 'aletheia-copy:';
const copyIdPattern = /^[0-9a-f]{16,64}$/;
const copyMarkPattern = /aletheia-copy:\s*([0-9a-f]{16,64})/g;
const infoKey = 'AletheiaCopy';

/** The document's information dictionary (created when the file has none). */
const infoDict = (pdf: PDFDocument, create: boolean) => {
  const existing = pdf.context.lookup(pdf.context.trailerInfo.Info);
  if (existing instanceof PDFDict || !create) return existing instanceof PDFDict ? existing : null;
  const dict = pdf.context.obj({});
  pdf.context.trailerInfo.Info = pdf.context.register(dict);
  return dict;
};

const drawCopyMark = (page: PDFPage, font: PDFFont, copyId: string) => {
  const box = page.getMediaBox();
  const key = page.node.newFontDictionary(font.name, font.ref);
  page.pushOperators(
    pushGraphicsState(),
    beginText(),
    setFontAndSize(key, 1),
    setTextRenderingMode(TextRenderingMode.Invisible),
    moveText(box.x + 2, box.y + 2),
    showText(font.encodeText(`${copyMarkPrefix}${copyId}`)),
    endText(),
    popGraphicsState(),
  );
};

/** The copy ids marked in a text (a page's or a whole document's extracted text), each once, in order. */
export const copyIdsInText = (text: string) => [
  ...new Set(Array.from(text.replace(/\s+/g, ' ').matchAll(copyMarkPattern), (m) => m[1]!)),
];

/** The copy id in a PDF's information dictionary (absent after extracting pages into a new file). */
export const copyIdInInfo = async (source: Uint8Array) => {
  const pdf = await PDFDocument.load(source, { updateMetadata: false, ignoreEncryption: true });
  const value = infoDict(pdf, false)?.lookup(PDFName.of(infoKey));
  const text = value instanceof PDFString ? value.decodeText() : null;
  return text && copyIdPattern.test(text) ? text : null;
};

/**
 * Stamps the reader's watermarks into a PDF as real text (so the mark is part of the file, extractable and
 * printable, not only an overlay), each on the pages its configuration names, and, given a `copyId`, the
 * invisible copy mark on every page. Returns the new bytes and the page count; with no watermarks and no copy id
 * the source is returned untouched.
 */
export const stampPdf = async (
  source: Uint8Array,
  watermarks: readonly ResolvedWatermark[],
  options: { copyId?: string } = {},
) => {
  const { copyId } = options;
  if (copyId !== undefined && !copyIdPattern.test(copyId)) throw new Error('A copy id is 16-64 hex digits');
  const pdf = await PDFDocument.load(source, { updateMetadata: false });
  const pages = pdf.getPages();
  if (watermarks.length === 0 && copyId === undefined) return { bytes: source, pageCount: pages.length };
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const clean = encodable(font);
  pages.forEach((page, index) => {
    for (const mark of watermarks) {
      if (watermarkAppliesToPage(mark, index + 1)) drawMark(page, font, clean, mark);
    }
    if (copyId !== undefined) drawCopyMark(page, font, copyId);
  });
  if (copyId !== undefined) infoDict(pdf, true)?.set(PDFName.of(infoKey), PDFString.of(copyId));
  return { bytes: await pdf.save(), pageCount: pages.length };
};

/** Pages of a PDF without stamping (the viewer's pageCount). */
export const pdfPageCount = async (source: Uint8Array) =>
  (await PDFDocument.load(source, { updateMetadata: false })).getPageCount();
