import { render, screen, within } from '@testing-library/react';
import ExcelJS from 'exceljs/dist/exceljs.bare.min.js';
import { describe, expect, it, vi } from 'vitest';
import SheetView from './sheet-view.tsx';

/** An earnings model as the seed and most tools write one: a merged bold title, years over the columns, formats. */
const modelBytes = async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Model');
  sheet.addRow(['Harbour Shipping']).font = { bold: true };
  sheet.mergeCells('A1:C1');
  sheet.addRow(['', '2024A', '2025E']);
  const revenue = sheet.addRow(['Revenue', 1234.56, 1388.04]);
  revenue.getCell(2).numFmt = '#,##0.0';
  revenue.getCell(3).numFmt = '#,##0.0';
  sheet.addRow(['Results date', new Date(Date.UTC(2024, 2, 15))]);
  workbook.addWorksheet('Notes').addRow(['Key points']);
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
};

describe('SheetView', () => {
  it('draws a workbook as Excel shows it: merged title, formatted figures and dates, one tab per sheet', async () => {
    const bytes = await modelBytes();
    const fetched = vi.fn(async () => new Response(bytes));
    vi.stubGlobal('fetch', fetched);
    render(<SheetView url="/api/files/model.xlsx" height={400} watermarks={[]} />);

    const sheet = await screen.findByRole('region', { name: 'Worksheet Model' });
    expect(fetched).toHaveBeenCalledWith(
      '/api/files/model.xlsx',
      expect.objectContaining({ credentials: 'include' }),
    );
    const rows = within(sheet).getAllByRole('row');
    // the title spans its three merged columns, and the cells under it are not drawn
    expect(within(rows[0]!).getAllByRole('rowheader')).toHaveLength(1);
    expect(within(rows[0]!).getByRole('rowheader', { name: 'Harbour Shipping' })).toHaveAttribute(
      'colspan',
      '3',
    );
    // a row of years heads the columns
    expect(within(rows[1]!).getByRole('columnheader', { name: '2025E' })).toBeInTheDocument();
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1,234.6', '1,388.0']);
    // exceljs writes a date in Excel's short date (format 14): the browser's language's, 3/15/2024 in en-US
    expect(
      within(rows[3]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3/15/2024', '']);
    expect(screen.getByRole('toolbar', { name: 'Worksheets' })).toHaveTextContent('ModelNotes');
  });

  it('offers the file itself when the workbook cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(new TextEncoder().encode('not a zip'))),
    );
    render(<SheetView url="/api/files/broken.xlsx" height={400} watermarks={[]} />);
    expect(await screen.findByText('The workbook cannot be shown on this page.')).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute('href', '/api/files/broken.xlsx');
  });
});
