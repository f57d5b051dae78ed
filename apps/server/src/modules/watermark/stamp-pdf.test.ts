import { parseWatermarkConfigs, resolveWatermarks } from '@portal/contract';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFRawStream,
  StandardFonts,
} from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractPdfPages as pdfPageTexts } from '../ingest/extract-text.ts';
import { copyIdInInfo, copyIdsInText, pdfPageCount, stampPdf } from './stamp-pdf.ts';

const plainPdf = async (pages: number) => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  for (let i = 1; i <= pages; i++) {
    pdf.addPage([595, 842]).drawText(`Body text of page ${i}`, { x: 50, y: 700, size: 12, font });
  }
  return pdf.save();
};

const reader = { name: 'Zoë Ångström', userId: 42, company: 'Fjord Capital', email: 'zoe@fjord.example' };
const marks = (config: unknown[]) =>
  resolveWatermarks(parseWatermarkConfigs(config), { sectorIds: [5] }, reader);

describe('stampPdf', () => {
  it("writes the reader's watermark into the file's own text, on the configured pages only", async () => {
    const source = await plainPdf(4);
    const watermarks = marks([
      { WatermarkText: '@@ClientName@@ / @@CompanyName@@', WatermarkAngle: 45, WatermarkFontSize: 30 },
      {
        pages: '2,4',
        WatermarkText: 'Reader @@UserId@@',
        WatermarkYAlignment: 'Top',
        WatermarkHeightMul: 0.1,
      },
      { sectors: '999', WatermarkText: 'Not this sector' },
    ]);
    const { bytes, pageCount } = await stampPdf(source, watermarks);
    expect(pageCount).toBe(4);
    const pages = await pdfPageTexts(bytes);
    expect(pages).toHaveLength(4);
    pages.forEach((text, index) => {
      expect(text).toContain(`Body text of page ${index + 1}`);
      expect(text).toContain('Zoë Ångström / Fjord Capital');
      expect(text.includes('Reader 42')).toBe(index === 1 || index === 3);
      expect(text).not.toContain('Not this sector');
    });
  });

  it('draws at opacity 0.5 through a graphics state, inside the page', async () => {
    const { bytes } = await stampPdf(await plainPdf(1), marks([{ WatermarkText: 'Opaque?' }]));
    const doc = await PDFDocument.load(bytes);
    const states = doc.getPage(0).node.Resources()?.lookup(PDFName.of('ExtGState'), PDFDict);
    const alphas = (states?.values() ?? []).map((state) => {
      const dict = doc.context.lookup(state, PDFDict);
      return dict.get(PDFName.of('ca'))?.toString();
    });
    // text is filled, so the fill alpha is the one that matters
    expect(alphas).toEqual(['0.5']);
  });

  it('replaces characters the standard font cannot encode instead of failing', async () => {
    const { bytes } = await stampPdf(
      await plainPdf(1),
      marks([{ WatermarkText: '李雷 for @@CompanyName@@' }]),
    );
    const [page] = await pdfPageTexts(bytes);
    expect(page).toContain('?? for Fjord Capital');
  });

  it('splits lines and returns the source untouched without watermarks', async () => {
    const source = await plainPdf(2);
    const { bytes } = await stampPdf(source, marks([{ WatermarkText: 'first line\nsecond line' }]));
    const [page] = await pdfPageTexts(bytes);
    expect(page).toContain('first line');
    expect(page).toContain('second line');
    const untouched = await stampPdf(source, []);
    expect(untouched.bytes).toBe(source);
    expect(untouched.pageCount).toBe(2);
    expect(await pdfPageCount(source)).toBe(2);
  });

  it('refuses a file that is not a PDF', async () => {
    await expect(stampPdf(new TextEncoder().encode('<html></html>'), marks([{}]))).rejects.toThrow();
  });

  describe('the invisible copy mark', () => {
    const copyId = '0123456789abcdef0123';
    const otherId = 'fedcba9876543210fedc';

    it('marks every page with the copy id, invisibly, and the document information too', async () => {
      const { bytes } = await stampPdf(await plainPdf(3), marks([{ WatermarkText: 'For @@ClientName@@' }]), {
        copyId,
      });
      const pages = await pdfPageTexts(bytes);
      expect(pages.map(copyIdsInText)).toEqual([[copyId], [copyId], [copyId]]);
      expect(await copyIdInInfo(bytes)).toBe(copyId);
      // drawn in rendering mode 3 (invisible): the operator sits in the page's content
      const doc = await PDFDocument.load(bytes);
      const contents = doc.getPage(1).node.Contents();
      const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
      const text = refs.map((ref) => {
        const stream = doc.context.lookup(ref) as PDFRawStream;
        return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      });
      // the mark's text is written as a hex string after the invisible rendering mode
      const hex = Buffer.from(`aletheia-copy:${copyId}`, 'latin1').toString('hex');
      expect(text.join('\n')).toMatch(new RegExp(`3 Tr[\\s\\S]*<${hex}>`, 'i'));
    });

    it('is found in one page extracted into a new file, after saving it again', async () => {
      const { bytes } = await stampPdf(await plainPdf(4), [], { copyId });
      const source = await PDFDocument.load(bytes);
      const single = await PDFDocument.create();
      const [page] = await single.copyPages(source, [2]);
      single.addPage(page!);
      const resaved = await (await PDFDocument.load(await single.save())).save();
      const pages = await pdfPageTexts(resaved);
      expect(pages).toHaveLength(1);
      expect(pages[0]).toContain('Body text of page 3');
      expect(copyIdsInText(pages[0]!)).toEqual([copyId]);
      expect(await copyIdInInfo(resaved)).toBeNull();
    });

    it('tells two copies apart and finds nothing in an unmarked file', async () => {
      const source = await plainPdf(1);
      const [one] = await pdfPageTexts((await stampPdf(source, [], { copyId })).bytes);
      const [two] = await pdfPageTexts((await stampPdf(source, [], { copyId: otherId })).bytes);
      expect(copyIdsInText(one!)).toEqual([copyId]);
      expect(copyIdsInText(two!)).toEqual([otherId]);
      const [plain] = await pdfPageTexts(source);
      expect(copyIdsInText(plain!)).toEqual([]);
      expect(await copyIdInInfo(source)).toBeNull();
      await expect(stampPdf(source, [], { copyId: 'not-hex' })).rejects.toThrow();
    });
  });
});
