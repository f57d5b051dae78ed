import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { columnIndex, readWorkbook } from './read-workbook.ts';

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

describe('readWorkbook', () => {
  it('reads every worksheet in order with shared, inline, boolean and formula values in their cells', async () => {
    const sheets = await readWorkbook(await workbookBytes());
    expect(sheets.map((s) => s.name)).toEqual(['Earnings model', 'Notes']);
    const model = sheets[0]?.rows ?? [];
    expect(model).toHaveLength(4);
    expect(model[0]).toEqual([
      'Revenue',
      '',
      new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }).format(1234.5678),
      '',
    ]);
    expect(model[1]).toEqual(['', '', '', '']);
    expect(model[2]).toEqual(['EPS (US$)', '2.5', '', 'TRUE']);
    expect(model[3]).toEqual(['inline text', '', '', '']);
    expect(sheets[1]?.rows).toEqual([['Key points']]);
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
