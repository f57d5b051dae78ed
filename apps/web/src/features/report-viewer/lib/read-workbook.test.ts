import JSZip from 'jszip';
import { describe, expect, it, vi } from 'vitest';
import { columnIndex, readWorkbook, type SheetTable } from './read-workbook.ts';

const texts = (sheet: SheetTable | undefined) => sheet?.rows.map((row) => row.map((cell) => cell.text));

const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const rns = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

const workbookBytes = async () => {
  const zip = new JSZip();
  zip.file(
    'xl/workbook.xml',
    `<workbook ${ns} ${rns}><sheets><sheet name="Earnings model" sheetId="1" r:id="rId1"/><sheet name="Notes" sheetId="2" r:id="rId2"/></sheets></workbook>`,
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Target="/xl/worksheets/sheet2.xml"/></Relationships>',
  );
  zip.file(
    'xl/sharedStrings.xml',
    `<sst ${ns}><si><t>Revenue</t></si><si><r><t>EPS </t></r><r><t>(US$)</t></r></si><si><t>Key points</t></si></sst>`,
  );
  zip.file(
    'xl/worksheets/sheet1.xml',
    `<worksheet ${ns}><sheetData>
      <row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1"><v>1234.5678</v></c></row>
      <row r="3"><c r="A3" t="s"><v>1</v></c><c r="B3"><f>B1*2</f><v>2.5</v></c><c r="D3" t="b"><v>1</v></c></row>
      <row r="4"><c r="A4" t="inlineStr"><is><t>inline text</t></is></c></row>
      <row r="5"><c r="A5"/></row>
    </sheetData></worksheet>`,
  );
  zip.file(
    'xl/worksheets/sheet2.xml',
    `<worksheet ${ns}><sheetData><row r="1"><c r="A1" t="s"><v>2</v></c></row></sheetData></worksheet>`,
  );
  return zip.generateAsync({ type: 'arraybuffer' });
};

/**
 * A workbook with number formats (custom, built-in and the system's short date), a bold centred title merged
 * over three columns and a hidden sheet, as Excel writes them.
 */
const formattedBytes = async () => {
  const zip = new JSZip();
  zip.file(
    'xl/workbook.xml',
    `<workbook ${ns} ${rns}><sheets><sheet name="Figures" sheetId="1" r:id="rId1"/><sheet name="Workings" sheetId="2" state="hidden" r:id="rId2"/></sheets></workbook>`,
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Target="worksheets/sheet2.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  );
  zip.file(
    'xl/styles.xml',
    `<styleSheet ${ns}>
      <numFmts count="3"><numFmt numFmtId="164" formatCode="#,##0.0;(#,##0.0)"/><numFmt numFmtId="165" formatCode="d mmm yyyy"/><numFmt numFmtId="166" formatCode="&quot;HKD &quot;#,##0"/></numFmts>
      <fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><i/><sz val="11"/><name val="Calibri"/></font></fonts>
      <fills count="1"><fill><patternFill patternType="none"/></fill></fills>
      <borders count="1"><border/></borders>
      <cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
      <cellXfs count="7">
        <xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>
        <xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
        <xf numFmtId="10" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
        <xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
        <xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
        <xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" applyAlignment="1"><alignment horizontal="center"/></xf>
        <xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
      </cellXfs>
    </styleSheet>`,
  );
  zip.file(
    'xl/worksheets/sheet1.xml',
    `<worksheet ${ns}><sheetData>
      <row r="1"><c r="A1" s="5" t="inlineStr"><is><t>Summary</t></is></c><c r="B1" s="5"/><c r="C1" s="5"/></row>
      <row r="2"><c r="A2" t="inlineStr"><is><t>Revenue</t></is></c><c r="B2" s="1"><v>1234567.891</v></c><c r="C2" s="1"><v>-1234.5</v></c></row>
      <row r="3"><c r="A3" t="inlineStr"><is><t>Margin</t></is></c><c r="B3" s="2"><v>0.12345</v></c><c r="C3" s="6"><v>98765.4</v></c></row>
      <row r="4"><c r="A4" t="inlineStr"><is><t>Results</t></is></c><c r="B4" s="3"><v>45366</v></c><c r="C4" s="4"><f>B4</f><v>45366</v></c></row>
    </sheetData><mergeCells count="1"><mergeCell ref="A1:C1"/></mergeCells></worksheet>`,
  );
  zip.file(
    'xl/worksheets/sheet2.xml',
    `<worksheet ${ns}><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData></worksheet>`,
  );
  return zip.generateAsync({ type: 'arraybuffer' });
};

describe('readWorkbook', () => {
  it('reads every worksheet in order with shared, inline, boolean and formula values in their cells', async () => {
    const sheets = await readWorkbook(await workbookBytes());
    expect(sheets.map((s) => s.name)).toEqual(['Earnings model', 'Notes']);
    const model = texts(sheets[0]) ?? [];
    expect(model).toHaveLength(4);
    // A number without a format shows as Excel's General does: as stored, without grouping.
    expect(model[0]).toEqual(['Revenue', '', '1234.5678', '']);
    expect(model[1]).toEqual(['', '', '', '']);
    expect(model[2]).toEqual(['EPS (US$)', '2.5', '', 'TRUE']);
    expect(model[3]).toEqual(['inline text', '', '', '']);
    expect(texts(sheets[1])).toEqual([['Key points']]);
  });

  it('shows numbers and dates as their number formats say, as Excel does', async () => {
    const sheets = await readWorkbook(await formattedBytes());
    // the hidden sheet is not shown, as in Excel
    expect(sheets.map((s) => s.name)).toEqual(['Figures']);
    expect(texts(sheets[0])).toEqual([
      ['Summary', '', ''],
      ['Revenue', '1,234,567.9', '(1,234.5)'],
      ['Margin', '12.35%', 'HKD 98,765'],
      // 14 is the system's short date (the browser's language here: en-US); the formula's value takes its format
      ['Results', '3/15/2024', '15 Mar 2024'],
    ]);
    const figures = sheets[0]?.rows ?? [];
    expect(figures[1]?.map((cell) => cell.align)).toEqual(['left', 'right', 'right']);
  });

  it("shows the system's short date in the reader's language", async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    const [figures] = await readWorkbook(await formattedBytes());
    expect(texts(figures)?.[3]).toEqual(['Results', '15/03/2024', '15 Mar 2024']);
  });

  it('keeps merged ranges and the cells’ weight and alignment', async () => {
    const [figures] = await readWorkbook(await formattedBytes());
    expect(figures?.rows[0]).toEqual([
      { text: 'Summary', align: 'center', bold: true, italic: true, colSpan: 3 },
      { text: '', align: 'left', covered: true },
      { text: '', align: 'left', covered: true },
    ]);
  });

  it('refuses a zip that is not a workbook', async () => {
    const zip = new JSZip();
    zip.file('hello.txt', 'hi');
    await expect(readWorkbook(await zip.generateAsync({ type: 'arraybuffer' }))).rejects.toThrow();
  });

  it('maps column letters to indexes', () => {
    expect(columnIndex('A1')).toBe(0);
    expect(columnIndex('Z9')).toBe(25);
    expect(columnIndex('AA10')).toBe(26);
    expect(columnIndex('ab3')).toBe(27);
  });
});
