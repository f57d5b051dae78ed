import escapeHtml from 'escape-html';
import ExcelJS from 'exceljs';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** The content of one generated research document, shared by the PDF, HTML and spreadsheet writers. */
export interface ResearchDocument {
  firm: string;
  title: string;
  subtitle: string;
  sector: string;
  subject: string;
  /** a company's rating (Buy, Hold or Sell); empty on a sector, thematic or strategy note */
  rating: string;
  analysts: { name: string; designation: string; email: string }[];
  publishedAt: Date;
  keyPoints: string[];
  sections: { heading: string; paragraphs: string[] }[];
  risks: string[];
  estimates: { header: string[]; rows: string[][] };
}

const navy = rgb(0.11, 0.21, 0.34);
const grey = rgb(0.35, 0.38, 0.42);
const light = rgb(0.85, 0.87, 0.9);
const A4: [number, number] = [595.28, 841.89];
const margin = 56;

const dateText = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const wrap = (text: string, font: PDFFont, size: number, width: number) => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
};

/**
 * A research PDF: a cover page (title, analysts, date, key points) and `bodyPages` light pages of text with
 * an estimates table drawn with lines. The three standard fonts are embedded once per document.
 */
export const researchPdf = async (doc: ResearchDocument, bodyPages: number): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title);
  pdf.setAuthor(doc.analysts.map((a) => a.name).join(', '));
  pdf.setProducer(doc.firm);
  pdf.setCreationDate(doc.publishedAt);
  pdf.setModificationDate(doc.publishedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const italic = await pdf.embedFont(StandardFonts.HelveticaOblique);
  const textWidth = A4[0] - 2 * margin;
  let pageNumber = 0;

  const newPage = () => {
    const page = pdf.addPage(A4);
    pageNumber++;
    page.drawRectangle({ x: 0, y: A4[1] - 28, width: A4[0], height: 28, color: navy });
    page.drawText(doc.firm, { x: margin, y: A4[1] - 19, size: 10, font: bold, color: rgb(1, 1, 1) });
    page.drawText(`${doc.sector} | ${dateText(doc.publishedAt)}`, {
      x: A4[0] - margin - regular.widthOfTextAtSize(`${doc.sector} | ${dateText(doc.publishedAt)}`, 8),
      y: A4[1] - 18,
      size: 8,
      font: regular,
      color: rgb(1, 1, 1),
    });
    page.drawText(`Page ${pageNumber}`, {
      x: A4[0] - margin - 30,
      y: 28,
      size: 8,
      font: regular,
      color: grey,
    });
    page.drawText('For institutional clients only. See the disclosures at the end of this report.', {
      x: margin,
      y: 28,
      size: 7,
      font: italic,
      color: grey,
    });
    return page;
  };
  const block = (page: PDFPage, y: number, text: string, font: PDFFont, size: number, gap = 4) => {
    for (const line of wrap(text, font, size, textWidth)) {
      page.drawText(line, { x: margin, y, size, font, color: rgb(0.1, 0.1, 0.12) });
      y -= size + gap;
    }
    return y;
  };

  // Cover
  const cover = newPage();
  let y = A4[1] - 90;
  cover.drawText(doc.subtitle.toUpperCase(), { x: margin, y, size: 10, font: bold, color: grey });
  y -= 34;
  for (const line of wrap(doc.title, bold, 22, textWidth)) {
    cover.drawText(line, { x: margin, y, size: 22, font: bold, color: navy });
    y -= 28;
  }
  y -= 6;
  cover.drawText(doc.rating ? `${doc.subject}  |  Rating: ${doc.rating}` : doc.subject, {
    x: margin,
    y,
    size: 12,
    font: regular,
    color: navy,
  });
  y -= 30;
  cover.drawLine({ start: { x: margin, y }, end: { x: A4[0] - margin, y }, thickness: 0.8, color: light });
  y -= 24;
  cover.drawText('Key points', { x: margin, y, size: 13, font: bold, color: navy });
  y -= 20;
  for (const point of doc.keyPoints) {
    cover.drawText('-', { x: margin, y, size: 10, font: bold, color: navy });
    for (const line of wrap(point, regular, 10, textWidth - 14)) {
      cover.drawText(line, { x: margin + 12, y, size: 10, font: regular });
      y -= 14;
    }
    y -= 4;
  }
  y = Math.min(y - 20, 230);
  cover.drawText('Analysts', { x: margin, y, size: 11, font: bold, color: navy });
  y -= 18;
  for (const analyst of doc.analysts) {
    cover.drawText(analyst.name, { x: margin, y, size: 10, font: bold });
    cover.drawText(`${analyst.designation}  ${analyst.email}`, {
      x: margin + 150,
      y,
      size: 9,
      font: regular,
      color: grey,
    });
    y -= 16;
  }
  cover.drawText(`Published ${dateText(doc.publishedAt)}`, {
    x: margin,
    y: 60,
    size: 9,
    font: italic,
    color: grey,
  });

  // Body: sections in turn, the estimates table on the second body page, risks and disclosures last.
  for (let index = 0; index < bodyPages; index++) {
    const page = newPage();
    let cursor = A4[1] - 80;
    const last = index === bodyPages - 1;
    if (last) {
      page.drawText('Key risks', { x: margin, y: cursor, size: 14, font: bold, color: navy });
      cursor -= 22;
      for (const risk of doc.risks) cursor = block(page, cursor, `- ${risk}`, regular, 10) - 4;
      cursor -= 16;
      page.drawText('Disclosures', { x: margin, y: cursor, size: 12, font: bold, color: navy });
      cursor -= 18;
      block(
        page,
        cursor,
        `This report was prepared by ${doc.firm} for institutional investors. It is not an offer to buy or sell any security. The analysts named certify that the views expressed accurately reflect their personal views about the subject company and its securities, and that no part of their compensation was, is or will be directly related to the specific recommendations in this report. Ratings: Buy means the share price is at least 10% below our twelve-month target price; Sell, at least 10% above it; Hold, anything in between.`,
        italic,
        8,
        3,
      );
      continue;
    }
    const section = doc.sections[index % doc.sections.length]!;
    page.drawText(section.heading, { x: margin, y: cursor, size: 14, font: bold, color: navy });
    cursor -= 24;
    for (const text of section.paragraphs) cursor = block(page, cursor, text, regular, 10) - 10;
    if (index === 1) cursor = drawTable(page, cursor - 10, doc, regular, bold);
  }
  return pdf.save();
};

const drawTable = (page: PDFPage, top: number, doc: ResearchDocument, regular: PDFFont, bold: PDFFont) => {
  const table = doc.estimates;
  const width = A4[0] - 2 * margin;
  const first = 150;
  const column = (width - first) / (table.header.length - 1);
  const rowHeight = 18;
  page.drawText('Financial summary and estimates', { x: margin, y: top, size: 11, font: bold, color: navy });
  let y = top - 10;
  const rows = [table.header, ...table.rows];
  rows.forEach((row, r) => {
    if (r === 0) page.drawRectangle({ x: margin, y: y - rowHeight, width, height: rowHeight, color: light });
    row.forEach((cell, c) => {
      const font = r === 0 || c === 0 ? bold : regular;
      const x = c === 0 ? margin + 4 : margin + first + c * column - 6 - font.widthOfTextAtSize(cell, 9);
      page.drawText(cell, { x, y: y - 13, size: 9, font });
    });
    page.drawLine({ start: { x: margin, y }, end: { x: margin + width, y }, thickness: 0.5, color: grey });
    y -= rowHeight;
  });
  page.drawLine({ start: { x: margin, y }, end: { x: margin + width, y }, thickness: 0.8, color: navy });
  for (const x of [margin, margin + first, margin + width]) {
    page.drawLine({ start: { x, y: top - 10 }, end: { x, y }, thickness: 0.5, color: grey });
  }
  page.drawText(`Source: company data, ${doc.firm} estimates`, {
    x: margin,
    y: y - 12,
    size: 7,
    font: regular,
    color: grey,
  });
  return y - 24;
};

/** A styled HTML research note (the viewer shows it in a sandboxed iframe). */
export const researchHtml = (doc: ResearchDocument) => {
  const e = escapeHtml;
  const table = `<table><thead><tr>${doc.estimates.header.map((h) => `<th>${e(h)}</th>`).join('')}</tr></thead><tbody>${doc.estimates.rows
    .map((row) => `<tr>${row.map((cell) => `<td>${e(cell)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(doc.title)}</title>
<style>
body{font-family:Georgia,'Times New Roman',serif;color:#1b1f24;max-width:760px;margin:0 auto;padding:32px 24px;line-height:1.55}
header{border-bottom:3px solid #1c3657;margin-bottom:24px}
.firm{font:600 13px/1.2 Helvetica,Arial,sans-serif;letter-spacing:.08em;text-transform:uppercase;color:#1c3657}
h1{font-size:28px;line-height:1.2;color:#1c3657;margin:8px 0}
.meta{font:13px Helvetica,Arial,sans-serif;color:#5a6169;margin-bottom:12px}
h2{font:600 18px Helvetica,Arial,sans-serif;color:#1c3657;margin-top:28px}
.key{background:#eef2f6;border-left:4px solid #1c3657;padding:12px 16px}
table{border-collapse:collapse;width:100%;font:13px Helvetica,Arial,sans-serif}
th,td{border-bottom:1px solid #d5dbe1;padding:6px 8px;text-align:right}th:first-child,td:first-child{text-align:left}
thead th{background:#dfe5eb}
footer{margin-top:32px;font-size:11px;color:#5a6169;font-style:italic}
</style></head><body>
<header><div class="firm">${e(doc.firm)} &middot; ${e(doc.sector)}</div><h1>${e(doc.title)}</h1>
<div class="meta">${e(doc.subject)} &middot; ${e(doc.subtitle)} &middot; ${e(dateText(doc.publishedAt))} &middot; ${doc.analysts.map((a) => e(a.name)).join(', ')}${doc.rating ? ` &middot; Rating: ${e(doc.rating)}` : ''}</div></header>
<section class="key"><strong>Key points</strong><ul>${doc.keyPoints.map((p) => `<li>${e(p)}</li>`).join('')}</ul></section>
${doc.sections.map((s) => `<h2>${e(s.heading)}</h2>${s.paragraphs.map((p) => `<p>${e(p)}</p>`).join('')}`).join('\n')}
<h2>Financial summary</h2>${table}
<h2>Key risks</h2><ul>${doc.risks.map((r) => `<li>${e(r)}</li>`).join('')}</ul>
<footer>This note was prepared by ${e(doc.firm)} for institutional investors and is not an offer to buy or sell any security.</footer>
</body></html>`;
};

/**
 * An earnings model workbook: a model sheet with formulas (and their values) and a notes sheet. EPS is net
 * profit over shares, P/E the price over EPS, and the target price and upside sit under them.
 */
export const earningsModelXlsx = async (
  doc: ResearchDocument,
  model: {
    /** the period's figures as the notes state them (the notes sheet quotes it) */
    summary: string;
    /** the listing's currency: the model is in millions of it */
    currency: string;
    /** a bank or insurer reports total income and pre-tax profit, not revenue and EBIT */
    accounts: 'bank' | 'insurer' | 'corporate';
    years: number[];
    /** per year: reported (A) rather than estimated (E) */
    actual: boolean[];
    revenue: number[];
    ebitMargin: number[];
    /** the ratios of a bank or insurer, below the valuation */
    ratios: { label: string; values: number[] }[];
    shares: number;
    price: number;
    target: number;
    rating: string;
  },
): Promise<Uint8Array> => {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = doc.firm;
  workbook.created = doc.publishedAt;
  workbook.modified = doc.publishedAt;
  const sheet = workbook.addWorksheet('Earnings model');
  sheet.columns = [{ width: 34 }, ...model.years.map(() => ({ width: 13 }))];
  sheet.addRow([doc.subject]).font = { bold: true, size: 14 };
  sheet.addRow([`${doc.title} (${dateText(doc.publishedAt)})`]).font = { italic: true };
  sheet.addRow([]);
  const header = sheet.addRow([
    `Year to December (${model.currency} m)`,
    ...model.years.map((y, i) => `${y}${model.actual[i] ? 'A' : 'E'}`),
  ]);
  header.font = { bold: true };
  const col = (i: number) => String.fromCharCode(66 + i);
  const n = model.years.length;
  const round = (v: number) => Math.round(v * 100) / 100;
  const ebit = model.revenue.map((r, i) => r * model.ebitMargin[i]!);
  const net = ebit.map((v) => v * 0.78);
  const financial = model.accounts !== 'corporate';
  const [income, margin, profit] = financial
    ? ['Total income', 'Pre-tax margin (%)', 'Pre-tax profit']
    : ['Revenue', 'EBIT margin (%)', 'EBIT'];
  // Each figure in the number format an analyst's model gives it (the viewer shows cells as Excel does).
  const formatted = (row: ExcelJS.Row, numFmt: string) => {
    row.eachCell((cell, column) => {
      if (column > 1) cell.numFmt = numFmt;
    });
  };
  const millions = '#,##0.0';
  const percent = '0.0';
  const perShare = '#,##0.00';
  formatted(sheet.addRow([income, ...model.revenue.map(round)]), millions);
  const growth = sheet.addRow([
    `${income} growth (%)`,
    '',
    ...model.revenue.slice(1).map((r, i) => ({
      formula: `(${col(i + 1)}5/${col(i)}5-1)*100`,
      result: round((r / model.revenue[i]! - 1) * 100),
    })),
  ]);
  formatted(growth, percent);
  formatted(sheet.addRow([margin, ...model.ebitMargin.map((m) => round(m * 100))]), percent);
  formatted(
    sheet.addRow([
      profit,
      ...ebit.map((v, i) => ({ formula: `${col(i)}5*${col(i)}7/100`, result: round(v) })),
    ]),
    millions,
  );
  formatted(
    sheet.addRow(['Net profit', ...net.map((v, i) => ({ formula: `${col(i)}8*0.78`, result: round(v) }))]),
    millions,
  );
  formatted(
    sheet.addRow(['Shares outstanding (m)', ...Array.from({ length: n }, () => model.shares)]),
    millions,
  );
  formatted(
    sheet.addRow([
      `EPS (${model.currency})`,
      ...net.map((v, i) => ({ formula: `${col(i)}9/${col(i)}10`, result: round(v / model.shares) })),
    ]),
    perShare,
  );
  formatted(
    sheet.addRow([`Share price (${model.currency})`, ...Array.from({ length: n }, () => model.price)]),
    perShare,
  );
  formatted(
    sheet.addRow([
      'P/E (x)',
      ...net.map((v, i) => ({
        formula: `${col(i)}12/${col(i)}11`,
        result: round(model.price / (v / model.shares)),
      })),
    ]),
    percent,
  );
  sheet.addRow([]);
  sheet.addRow(['Rating', model.rating]).font = { bold: true };
  formatted(sheet.addRow([`Target price (${model.currency})`, model.target]), perShare);
  formatted(
    sheet.addRow([
      'Upside (%)',
      { formula: 'B17/B12*100-100', result: round((model.target / model.price - 1) * 100) },
    ]),
    percent,
  );
  if (model.ratios.length > 0) {
    sheet.addRow([]);
    for (const ratio of model.ratios)
      formatted(sheet.addRow([ratio.label, ...ratio.values.map(round)]), perShare);
  }
  const notes = workbook.addWorksheet('Notes');
  notes.getColumn(1).width = 110;
  notes.addRow(['Key points']).font = { bold: true };
  for (const point of doc.keyPoints) notes.addRow([point]);
  notes.addRow([]);
  notes.addRow([model.summary]);
  notes.addRow([]);
  notes.addRow([`Analysts: ${doc.analysts.map((a) => `${a.name} (${a.email})`).join('; ')}`]);
  notes.addRow([`Rating: ${doc.rating}. Source: company data, ${doc.firm} estimates.`]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
};

/** A 253x203 analyst photo placeholder: initials on a solid colour, as PNG. */
export const initialsPhoto = (initials: string, colour: string) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="253" height="203" viewBox="0 0 253 203">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${colour}" stop-opacity="0.78"/></linearGradient></defs>
<rect width="253" height="203" fill="url(#g)"/>
<circle cx="126.5" cy="101.5" r="62" fill="#ffffff" fill-opacity="0.12"/>
<text x="126.5" y="101.5" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="56" font-weight="600" fill="#ffffff" letter-spacing="2">${escapeHtml(initials)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
};

/** A 640x320 sector cover (WebP): a diagonal gradient in the sector's colour with its name. */
export const sectorCover = (name: string, colour: string) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320" viewBox="0 0 640 320">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#0b1320"/></linearGradient></defs>
<rect width="640" height="320" fill="url(#g)"/>
<g fill="none" stroke="#ffffff" stroke-opacity="0.1" stroke-width="2"><circle cx="560" cy="60" r="120"/><circle cx="560" cy="60" r="180"/><circle cx="560" cy="60" r="240"/></g>
<text x="40" y="270" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="30" font-weight="600" fill="#ffffff">${escapeHtml(name)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
};
