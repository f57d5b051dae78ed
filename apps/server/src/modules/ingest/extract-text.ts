import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ReportFileType } from '@portal/contract';
import ExcelJS from 'exceljs';

/**
 * Plain text inside a report file, stored in reports.body_text for full-text search and (entitled) snippets.
 * Media and embedded addresses carry no text. A file that cannot be read as its type throws, so that an
 * upload can be refused rather than stored unsearchable.
 */
export const extractText = async (fileType: ReportFileType, bytes: Uint8Array): Promise<string> => {
  switch (fileType) {
    case 'pdf':
      return extractPdfText(bytes);
    case 'htm':
      return htmlToText(new TextDecoder('utf-8').decode(bytes));
    case 'xls':
    case 'xlsx':
      return extractSpreadsheetText(bytes);
    default:
      return '';
  }
};

// pdf.js runs in this process: its worker module is loaded once and registered as `pdfjsWorker`, which the
// library uses instead of spawning a worker (text extraction is short; a worker thread buys nothing here).
let pdfjsReady: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined;
const loadPdfjs = () => {
  pdfjsReady ??= (async () => {
    const globals = globalThis as { pdfjsWorker?: unknown };
    globals.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return pdfjsReady;
};
const standardFontDataUrl = `${
  pathToFileURL(
    path.join(
      path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
      'standard_fonts',
    ),
  ).href
}/`;

/** The text of each page of a PDF, in order (whitespace normalised); also what tests read a stamped PDF with. */
export const extractPdfPages = async (bytes: Uint8Array): Promise<string[]> => {
  const pdfjs = await loadPdfjs();
  // pdf.js takes ownership of (detaches) the buffer it is given: pass a copy.
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl,
    verbosity: 0,
  });
  const document = await task.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
        else if (item.str !== '' && !item.str.endsWith(' ')) text += ' ';
      }
      pages.push(normaliseWhitespace(text));
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
};

export const extractPdfText = async (bytes: Uint8Array): Promise<string> =>
  (await extractPdfPages(bytes)).filter(Boolean).join('\n\n');

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  plusmn: '±',
  times: '×',
  divide: '÷',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  para: '¶',
  laquo: '«',
  raquo: '»',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  shy: '',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
};

export const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return namedEntities[name.toLowerCase()] ?? whole;
  });

const blockTags =
  /<\/?(p|div|br|hr|h[1-6]|li|ul|ol|tr|table|thead|tbody|tfoot|section|article|header|footer|blockquote|pre|dd|dt|dl|figcaption|caption|title)\b[^>]*>/gi;

const normaliseWhitespace = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n')
    .trim();

/** Visible text of an HTML document: scripts, styles and comments dropped, blocks on their own lines. */
export const htmlToText = (html: string) => {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|template|svg|head)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<td\b[^>]*>|<th\b[^>]*>/gi, '\t')
    .replace(blockTags, '\n')
    .replace(/<[^>]*>/g, '');
  return normaliseWhitespace(decodeEntities(text));
};

// Legacy binary .xls (an OLE compound file) is not readable by exceljs; such files keep an empty body text.
const isOleCompoundFile = (bytes: Uint8Array) =>
  bytes.length >= 8 && bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;

/** Every non-empty cell's text, a sheet at a time, cells of a row separated by tabs. */
export const extractSpreadsheetText = async (bytes: Uint8Array): Promise<string> => {
  if (isOleCompoundFile(bytes)) return '';
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  const sheets: string[] = [];
  workbook.eachSheet((sheet) => {
    const lines = [sheet.name];
    sheet.eachRow((row) => {
      const cells: string[] = [];
      row.eachCell((cell) => {
        const text = cell.text?.trim();
        if (text) cells.push(text);
      });
      if (cells.length > 0) lines.push(cells.join('\t'));
    });
    sheets.push(lines.join('\n'));
  });
  return sheets.join('\n\n');
};
