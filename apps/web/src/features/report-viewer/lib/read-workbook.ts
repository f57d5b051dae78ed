import JSZip from 'jszip';

/** One worksheet as display text: rows of cells, ragged rows padded to the widest. */
export interface SheetTable {
  name: string;
  rows: string[][];
}

const spreadsheetNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relationshipNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
/** Display limits: a workbook is shown, not processed; huge sheets are cut rather than freezing the tab. */
const maxRows = 2000;
const maxColumns = 100;

const parseXml = (text: string) => new DOMParser().parseFromString(text, 'application/xml');
const elements = (parent: Document | Element, name: string) =>
  Array.from(parent.getElementsByTagNameNS(spreadsheetNs, name));
const textOf = (element: Element) =>
  elements(element, 't')
    .map((t) => t.textContent ?? '')
    .join('');

/** 'AB12' -> 27 (zero-based column index). */
export const columnIndex = (reference: string) => {
  const letters = /^[A-Z]+/.exec(reference.toUpperCase())?.[0] ?? '';
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
};

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const formatNumber = (raw: string) => {
  const value = Number(raw);
  return raw.trim() !== '' && Number.isFinite(value) ? numberFormat.format(value) : raw;
};

const cellText = (cell: Element, shared: string[]) => {
  const type = cell.getAttribute('t');
  const value = elements(cell, 'v')[0]?.textContent ?? '';
  if (type === 's') return shared[Number(value)] ?? '';
  if (type === 'inlineStr') return textOf(cell);
  if (type === 'b') return value === '1' ? 'TRUE' : 'FALSE';
  if (type === 'str' || type === 'e') return value;
  return formatNumber(value);
};

const readSheet = (xml: Document, shared: string[]) => {
  const rows: string[][] = [];
  for (const row of elements(xml, 'row').slice(0, maxRows)) {
    const at = Number(row.getAttribute('r'));
    const rowIndex = Number.isInteger(at) && at > 0 ? at - 1 : rows.length;
    if (rowIndex >= maxRows) break;
    const cells: string[] = [];
    elements(row, 'c').forEach((cell, position) => {
      const ref = cell.getAttribute('r');
      const col = ref ? columnIndex(ref) : position;
      if (col < 0 || col >= maxColumns) return;
      while (cells.length < col) cells.push('');
      cells[col] = cellText(cell, shared);
    });
    while (rows.length < rowIndex) rows.push([]);
    rows[rowIndex] = cells;
  }
  // Trailing empty rows and columns carry nothing to read.
  while (rows.length > 0 && (rows[rows.length - 1] ?? []).every((c) => c === '')) rows.pop();
  const width = Math.max(0, ...rows.map((r) => r.reduce((w, c, i) => (c === '' ? w : i + 1), 0)));
  return rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
};

const resolveTarget = (target: string) => {
  if (target.startsWith('/')) return target.slice(1);
  return `xl/${target}`.replace(/\/[^/]+\/\.\.\//g, '/');
};

/** Reads an .xlsx workbook (Office Open XML) into display tables, one per worksheet, in workbook order. */
export async function readWorkbook(bytes: ArrayBuffer): Promise<SheetTable[]> {
  const zip = await JSZip.loadAsync(bytes);
  const read = async (path: string) => {
    const file = zip.file(path);
    return file ? parseXml(await file.async('string')) : null;
  };
  const workbook = await read('xl/workbook.xml');
  if (!workbook) throw new Error('Not an xlsx workbook');
  const relations = await read('xl/_rels/workbook.xml.rels');
  const targets = new Map(
    Array.from(relations?.getElementsByTagName('Relationship') ?? []).map((rel) => [
      rel.getAttribute('Id') ?? '',
      resolveTarget(rel.getAttribute('Target') ?? ''),
    ]),
  );
  const sharedXml = await read('xl/sharedStrings.xml');
  const shared = sharedXml ? elements(sharedXml, 'si').map(textOf) : [];
  const tables: SheetTable[] = [];
  for (const sheet of elements(workbook, 'sheet')) {
    const id = sheet.getAttributeNS(relationshipNs, 'id') ?? '';
    const path = targets.get(id);
    const xml = path ? await read(path) : null;
    if (!xml) continue;
    tables.push({
      name: sheet.getAttribute('name') ?? `Sheet ${tables.length + 1}`,
      rows: readSheet(xml, shared),
    });
  }
  return tables;
}
