import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { decodeEntities, extractText, htmlToText } from './extract-text.ts';

const twoPagePdf = async () => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const first = pdf.addPage([595, 842]);
  first.drawText('Semiconductor capex upcycle', { x: 50, y: 780, size: 18, font });
  first.drawText('We initiate with an Outperform rating.', { x: 50, y: 750, size: 11, font });
  const second = pdf.addPage([595, 842]);
  second.drawText('Key risks: inventory correction in 2H.', { x: 50, y: 780, size: 11, font });
  return pdf.save();
};

describe('extractText', () => {
  it('reads the text of every page of a PDF, page by page', async () => {
    const text = await extractText('pdf', await twoPagePdf());
    expect(text).toContain('Semiconductor capex upcycle');
    expect(text).toContain('We initiate with an Outperform rating.');
    expect(text).toContain('Key risks: inventory correction in 2H.');
    expect(text.indexOf('Outperform')).toBeLessThan(text.indexOf('Key risks'));
  });

  it('refuses bytes that are not a PDF', async () => {
    await expect(extractText('pdf', new TextEncoder().encode('not a pdf'))).rejects.toThrow();
  });

  it('strips tags, scripts and styles from HTML and decodes entities', async () => {
    const html = `<!doctype html><html><head><title>t</title><style>p{color:red}</style></head><body>
      <h1>Asia Banks &amp; Insurers</h1><script>alert("x")</script><!-- note -->
      <p>Net interest margin &gt; 2.1% &ndash; up 5&nbsp;bp &#8212; &#x201C;resilient&#x201D;</p>
      <table><tr><td>NIM</td><td>2.1%</td></tr></table></body></html>`;
    const text = await extractText('htm', new TextEncoder().encode(html));
    expect(text).toBe('Asia Banks & Insurers\nNet interest margin > 2.1% – up 5 bp — “resilient”\nNIM 2.1%');
    expect(text).not.toMatch(/alert|color|note|</);
  });

  it('keeps unknown entities as written', () => {
    expect(decodeEntities('a &bogus; b &#0; c')).toBe('a &bogus; b &#0; c');
    expect(htmlToText('<p>x</p><p>y</p>')).toBe('x\ny');
  });

  it('reads cell text of every sheet of a workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Earnings model');
    sheet.addRow(['Revenue (US$m)', 1200, 1350.5]);
    sheet.addRow(['EBIT margin', { formula: 'B1/10', result: 120 }]);
    workbook.addWorksheet('Notes').addRow(['Consensus sits 4% above us']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    for (const type of ['xlsx', 'xls'] as const) {
      const text = await extractText(type, bytes);
      expect(text).toContain('Earnings model');
      expect(text).toContain('Revenue (US$m)\t1200\t1350.5');
      expect(text).toContain('EBIT margin\t120');
      expect(text).toContain('Consensus sits 4% above us');
    }
  });

  it('gives no text for media and addresses', async () => {
    for (const type of ['mp3', 'mp4', 'youtube', 'iframe'] as const) {
      expect(await extractText(type, new Uint8Array([1, 2, 3]))).toBe('');
    }
  });
});
