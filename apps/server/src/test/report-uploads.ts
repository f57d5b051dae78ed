/**
 * Report files for the publishing tests (issue 23): real small files of each upload type, and crafted ones the
 * upload checks must refuse (zip bombs, a PDF that does not open). Built in memory; nothing is read from disk.
 */
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export const smallPdf = async (text = 'Foundry capacity outlook', pages = 1) => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++)
    pdf.addPage([595, 842]).drawText(`${text} ${i}`, { x: 60, y: 700, size: 14, font });
  return pdf.save();
};

export const smallXlsx = async (cell = 'Memory pricing') => {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Model').addRow([cell, 42]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
};

interface ZipEntry {
  name: string;
  /** what is stored (deflated unless `stored`) */
  data: Uint8Array;
  stored?: boolean;
  /** the uncompressed size to declare instead of the real one (a lying central directory) */
  declaredSize?: number;
}

/** A zip written by hand, so that a test can make its directory say what it likes. CRCs are not checked here. */
export const writeZip = (entries: ZipEntry[]) => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const body = entry.stored ? Buffer.from(entry.data) : deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.stored ? 0 : 8, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.stored ? 0 : 8, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
};

const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`;

/** The start of a spreadsheet's zip (what file-type reads to call it xlsx), then `rest`. */
const spreadsheetZip = (rest: ZipEntry[]) =>
  writeZip([
    { name: '[Content_Types].xml', data: Buffer.from(contentTypes), stored: true },
    { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>'), stored: true },
    ...rest,
  ]);

/** An xlsx whose sheet inflates `megabytes` of spaces from a few kilobytes (ratio about 1000). */
export const zipBombXlsx = (megabytes = 50) =>
  spreadsheetZip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(megabytes * 1024 * 1024, 0x20) }]);

/** An xlsx whose directory declares a small sheet that really inflates to `megabytes`. */
export const lyingZipXlsx = (megabytes = 5) =>
  spreadsheetZip([
    {
      name: 'xl/worksheets/sheet1.xml',
      data: Buffer.alloc(megabytes * 1024 * 1024, 0x20),
      declaredSize: 1000,
    },
  ]);

/** An xlsx whose directory declares more entries than the limit. */
export const crowdedXlsx = (entries: number) =>
  spreadsheetZip(
    Array.from({ length: entries }, (_, i) => ({
      name: `xl/media/${i}.txt`,
      data: Buffer.from('x'),
      stored: true,
    })),
  );

/** Starts like a PDF (the magic bytes pass) but is no PDF at all. */
export const brokenPdf = () =>
  new Uint8Array(Buffer.from(`%PDF-1.7\n${'this is not a pdf body\n'.repeat(50)}%%EOF\n`));

/** The bytes of a multipart/form-data body and its content type. */
export const multipartForm = (
  parts: (
    | { name: string; value: string }
    | { name: string; filename: string; data: Uint8Array; type?: string }
  )[],
) => {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        Buffer.from(part.data),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
};
