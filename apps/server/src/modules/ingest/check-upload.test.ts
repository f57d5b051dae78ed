import { readFile } from 'node:fs/promises';
import { messagesPublishing, reportUploadLimits } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  brokenPdf,
  crowdedXlsx,
  lyingZipXlsx,
  smallPdf,
  smallXlsx,
  zipBombXlsx,
} from '../../test/report-uploads.ts';
import { checkUpload, checkZip } from './check-upload.ts';

const e = messagesPublishing.errors;
const demoMedia = new URL('../../../assets/demo-media/', import.meta.url);

describe('report upload checks (issue 23)', () => {
  it('accepts a real file of each type, with its text', async () => {
    const pdf = await checkUpload('note.PDF', await smallPdf('Foundry capacity'));
    expect(pdf).toMatchObject({ ok: true, fileType: 'pdf' });
    expect(pdf.ok && pdf.bodyText).toContain('Foundry capacity');
    const xlsx = await checkUpload('model.xlsx', await smallXlsx('Memory pricing'));
    expect(xlsx.ok && xlsx.bodyText).toContain('Memory pricing');
    const mp3 = await checkUpload(
      'call.mp3',
      await readFile(new URL('asia-strategy-briefing.mp3', demoMedia)),
    );
    expect(mp3).toMatchObject({ ok: true, fileType: 'mp3', bodyText: '' });
    const mp4 = await checkUpload(
      'video.mp4',
      await readFile(new URL('india-banks-video-note.mp4', demoMedia)),
    );
    expect(mp4).toMatchObject({ ok: true, fileType: 'mp4' });
  });

  it('tells a spooled recording or film by its first bytes, and keeps it spooled (never read whole)', async () => {
    const film = await readFile(new URL('india-banks-video-note.mp4', demoMedia));
    // a spooled file whose path does not exist: the check must not read it, only its head
    const spooled = {
      path: '/nonexistent/portal-upload/file',
      size: film.length,
      head: film.subarray(0, 4100),
    };
    expect(await checkUpload('video.mp4', spooled)).toEqual({
      ok: true,
      fileType: 'mp4',
      spooled,
      bodyText: '',
    });
    // the head says what it is, whatever the name claims
    expect(await checkUpload('call.mp3', spooled)).toMatchObject({
      ok: false,
      message: e.fileTypeMismatch('mp3'),
    });
    // the size counted while it streamed in decides
    const huge = { ...spooled, size: reportUploadLimits.maxBytes.mp4 + 1 };
    expect(await checkUpload('video.mp4', huge)).toMatchObject({ ok: false, status: 413 });
    expect(await checkUpload('video.mp4', { ...spooled, size: 0 })).toMatchObject({
      ok: false,
      message: e.fileRequired,
    });
    // only recordings and films are stored as spooled: a PDF must be read (opened, its text extracted)
    const pdf = await smallPdf('Foundry capacity');
    const spooledPdf = { path: '/nonexistent/x', size: pdf.length, head: Buffer.from(pdf.subarray(0, 4100)) };
    expect(await checkUpload('note.pdf', spooledPdf)).toMatchObject({ ok: false });
  });

  it('refuses bytes that are not of the named type (magic bytes)', async () => {
    const pdf = await smallPdf();
    expect(await checkUpload('model.xlsx', pdf)).toEqual({
      ok: false,
      status: 400,
      message: e.fileTypeMismatch('xlsx'),
    });
    expect(await checkUpload('video.mp4', pdf)).toMatchObject({
      ok: false,
      message: e.fileTypeMismatch('mp4'),
    });
    expect(await checkUpload('note.pdf', Buffer.from('just some text'))).toMatchObject({
      ok: false,
      message: e.fileTypeMismatch('pdf'),
    });
    expect(await checkUpload('page.htm', pdf)).toMatchObject({
      ok: false,
      message: e.fileTypeMismatch('htm'),
    });
    expect(await checkUpload('tool.exe', pdf)).toMatchObject({ ok: false, message: e.fileType });
    expect(await checkUpload('noextension', pdf)).toMatchObject({ ok: false, message: e.fileType });
  });

  it('refuses a PDF that does not open', async () => {
    expect(await checkUpload('note.pdf', brokenPdf())).toEqual({
      ok: false,
      status: 400,
      message: e.pdfUnreadable,
    });
  });

  it('refuses a file over its type limit (413)', async () => {
    const big = new Uint8Array(reportUploadLimits.maxBytes.htm + 1).fill(0x61);
    expect(await checkUpload('page.htm', big)).toMatchObject({ ok: false, status: 413 });
  });

  it('refuses zip bombs from the central directory, and directories that lie', async () => {
    expect(checkZip(zipBombXlsx(50))).toEqual({ ok: false, reason: 'tooLarge' });
    expect(await checkUpload('model.xlsx', zipBombXlsx(50))).toMatchObject({
      ok: false,
      message: e.xlsxTooLarge,
    });
    expect(checkZip(lyingZipXlsx(5))).toEqual({ ok: false, reason: 'tooLarge' });
    expect(await checkUpload('model.xlsx', lyingZipXlsx(5))).toMatchObject({
      ok: false,
      message: e.xlsxTooLarge,
    });
    expect(checkZip(crowdedXlsx(30), { ...reportUploadLimits.xlsx, maxEntries: 20 })).toEqual({
      ok: false,
      reason: 'tooLarge',
    });
    expect(checkZip(await smallXlsx())).toMatchObject({ ok: true });
    expect(checkZip(new Uint8Array(100))).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('sanitises an htm page: scripts and handlers go, the text and tables stay', async () => {
    const page = Buffer.from(
      '<html><head><title>Note</title><script>alert(1)</script></head><body onload="x()"><h1>DRAM</h1><table><tr><td style="color:red">Prices up</td></tr></table><img src="javascript:alert(1)"><a href="javascript:alert(2)">x</a><iframe src="https://evil.test"></iframe></body></html>',
    );
    const checked = await checkUpload('note.html', page);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.fileType).toBe('htm');
    const stored = Buffer.from(checked.bytes ?? []).toString('utf8');
    expect(stored).not.toMatch(/script|onload|javascript:|iframe/i);
    expect(stored).toContain('<td style="color:red">Prices up</td>');
    expect(checked.bodyText).toContain('Prices up');
    expect(
      await checkUpload('note.htm', Buffer.from([0x3c, 0x70, 0x3e, 0xc3, 0x28, 0x3c, 0x2f, 0x70, 0x3e])),
    ).toMatchObject({
      ok: false,
      message: e.htmUnsafe,
    });
    expect(await checkUpload('note.htm', Buffer.from('no markup at all'))).toMatchObject({
      ok: false,
      message: e.htmUnsafe,
    });
  });
});
