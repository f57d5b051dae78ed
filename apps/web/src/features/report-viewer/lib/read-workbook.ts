import type { Cell, CellValue, Worksheet } from 'exceljs';
import ExcelJS from 'exceljs/dist/exceljs.bare.min.js';
import { format, getFormatFromId } from 'numfmt';

/** One cell as Excel shows it: its text from the cell's number format, its alignment, weight and merge. */
export interface SheetCell {
  text: string;
  /** the cell's own horizontal alignment, else Excel's by value: numbers and dates right, TRUE/FALSE centred */
  align: 'left' | 'center' | 'right';
  bold?: true;
  italic?: true;
  /** the top-left cell of a merged range spans it */
  colSpan?: number;
  rowSpan?: number;
  /** inside a merged range, under its top-left cell: not drawn */
  covered?: true;
}

/** One worksheet: rows of cells, ragged rows padded to the widest, trailing empty rows and columns dropped. */
export interface SheetTable {
  name: string;
  rows: SheetCell[][];
}

/** Display limits: a workbook is shown, not processed; huge sheets are cut rather than freezing the tab. */
const maxRows = 2000;
const maxColumns = 100;

/** 'AB12' -> 27 (zero-based column index). */
export const columnIndex = (reference: string) => {
  const letters = /^[A-Z]+/.exec(reference.toUpperCase())?.[0] ?? '';
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
};
/** 'AB12' -> 11 (zero-based row index). */
const rowIndex = (reference: string) => Number(/\d+$/.exec(reference)?.[0] ?? 0) - 1;

/**
 * exceljs reads Excel's built-in format ids as fixed codes; the two that Excel shows in the system's short date
 * (14, 22) are given back to numfmt as ids, which knows each locale's form (3/15/2024 in the US, 15/03/2024 in
 * the UK).
 */
const systemDateFormats = new Map([
  ['mm-dd-yy', 14],
  ['m/d/yy "h":mm', 22],
]);

const formatted = (pattern: string | undefined, value: number | string) => {
  // Excel shows a workbook in the system's language: the browser's here (its separators, its short date).
  const locale = navigator.language;
  const builtIn = pattern ? systemDateFormats.get(pattern) : undefined;
  const code = builtIn === undefined ? pattern || 'General' : getFormatFromId(builtIn, locale);
  return format(code, value, { locale, throws: false });
};

/** A date as exceljs reads it (Excel's serial day count as a UTC time) back to that serial. */
const serial = (date: Date) => date.getTime() / 86_400_000 + 25_569;

/** A value's text and where Excel puts it unless the cell says: numbers and dates right, TRUE/FALSE and errors centred. */
const shown = (value: CellValue, pattern: string | undefined): Pick<SheetCell, 'text' | 'align'> => {
  if (value === null || value === undefined) return { text: '', align: 'left' };
  if (typeof value === 'number') return { text: formatted(pattern, value), align: 'right' };
  if (value instanceof Date) return { text: formatted(pattern, serial(value)), align: 'right' };
  if (typeof value === 'boolean') return { text: value ? 'TRUE' : 'FALSE', align: 'center' };
  if (typeof value === 'string') return { text: formatted(pattern, value), align: 'left' };
  if ('error' in value) return { text: value.error, align: 'center' };
  if ('richText' in value) return { text: value.richText.map((run) => run.text).join(''), align: 'left' };
  if ('formula' in value || 'sharedFormula' in value) return shown(value.result as CellValue, pattern);
  if ('hyperlink' in value) return shown(value.text as CellValue, pattern);
  return { text: '', align: 'left' };
};

const alignments: Partial<Record<string, SheetCell['align']>> = {
  left: 'left',
  right: 'right',
  center: 'center',
  centerContinuous: 'center',
  distributed: 'center',
};

const cellOf = (cell: Cell): SheetCell => {
  const { text, align } = shown(cell.value, cell.numFmt);
  const seen: SheetCell = { text, align: alignments[cell.alignment?.horizontal ?? ''] ?? align };
  if (cell.font?.bold) seen.bold = true;
  if (cell.font?.italic) seen.italic = true;
  return seen;
};

const covered: SheetCell = Object.freeze({ text: '', align: 'left', covered: true });

const readSheet = (worksheet: Worksheet): SheetCell[][] => {
  // The cells within the display limits; the table ends at the last row and column with text in them.
  const found: { row: number; column: number; cell: SheetCell }[] = [];
  let height = 0;
  let width = 0;
  worksheet.eachRow((row, rowNumber) => {
    if (rowNumber > maxRows) return;
    row.eachCell((cell, columnNumber) => {
      if (columnNumber > maxColumns) return;
      const seen = cellOf(cell);
      found.push({ row: rowNumber - 1, column: columnNumber - 1, cell: seen });
      if (!seen.text) return;
      height = Math.max(height, rowNumber);
      width = Math.max(width, columnNumber);
    });
  });
  const table = Array.from({ length: height }, () =>
    Array.from({ length: width }, (): SheetCell => ({ text: '', align: 'left' })),
  );
  for (const { row, column, cell } of found) {
    const line = table[row];
    if (line && column < width) line[column] = cell;
  }
  // A merged range: its top-left cell spans it, the others are not drawn.
  for (const range of worksheet.model.merges) {
    const [from = '', to = from] = range.split(':');
    const [top, left] = [rowIndex(from), columnIndex(from)];
    const [bottom, right] = [Math.min(rowIndex(to), height - 1), Math.min(columnIndex(to), width - 1)];
    const master = table[top]?.[left];
    if (!master) continue;
    for (const line of table.slice(top, bottom + 1)) line.fill(covered, left, right + 1);
    table[top]?.splice(left, 1, master);
    if (right > left) master.colSpan = right - left + 1;
    if (bottom > top) master.rowSpan = bottom - top + 1;
  }
  return table;
};

/**
 * Reads an .xlsx workbook (Office Open XML) with exceljs into display tables, one per worksheet Excel shows, in
 * workbook order; each cell's text follows its number format as Excel shows it (numfmt).
 */
export async function readWorkbook(bytes: ArrayBuffer): Promise<SheetTable[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  if (workbook.worksheets.length === 0) throw new Error('Not an xlsx workbook');
  return workbook.worksheets
    .filter((sheet) => sheet.state !== 'hidden' && sheet.state !== 'veryHidden')
    .map((sheet) => ({ name: sheet.name, rows: readSheet(sheet) }));
}
