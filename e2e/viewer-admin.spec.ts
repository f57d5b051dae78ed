/**
 * The viewer's admin actions (issue 23; spec 2 "Report viewer (admin-relevant parts)" and "Social Media Tiles"):
 * as the demo admin, a PDF report's text selected in pdf.js's text layer becomes a 1024x708 Social Media Tile
 * downloaded as a PNG named after the report; highlighting reaches a client's highlighted list on the next load;
 * the PDF downloads; the lead analyst's photo uploads (and a wrong size is refused). The client sees none of it.
 */

import { readFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import {
  analystPhotoMessages,
  type ReportCard,
  type ReportsReply,
  slugify,
  viewerAdminMessages,
} from '@portal/contract';
import { demoAccounts, expect, expectAccessible, signIn, test } from './support/fixtures.ts';

test.use({ account: 'admin' });

const m = viewerAdminMessages;
const viewerPath = (report: Pick<ReportCard, 'id' | 'title'>) =>
  `/reports/${report.id}_${slugify(report.title)}`;

/** A short demo PDF report with at least one analyst (not the 50-page yearbook: its first page is slower). */
async function pdfReport(page: Page) {
  const res = await page.request.get('/api/reports', { params: { type: 'all', pageSize: '50' } });
  expect(res.status(), await res.text()).toBe(200);
  const reports = ((await res.json()) as ReportsReply).data;
  const found = reports.find(
    (r) => r.filetype === 'pdf' && r.analysts.length > 0 && !/Yearbook/.test(r.title),
  );
  expect(found, 'a demo PDF report with an analyst').toBeTruthy();
  return found!;
}

async function openReport(page: Page, report: Pick<ReportCard, 'id' | 'title'>) {
  await page.goto(viewerPath(report));
  await expect(page.getByRole('heading', { level: 1, name: report.title })).toBeVisible();
}

/** Width and height from a PNG's IHDR chunk (bytes 16 to 23, big-endian). */
const pngSize = (bytes: Buffer) => {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

/** A plain RGB PNG of `width` x `height` (filter 0 scanlines, deflated), for the photo upload. */
const makePng = (width: number, height: number) => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5a)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const signedOut = { cookies: [], origins: [] };

/** A second browser, signed in as the demo client through the form (not the admin's session of this test). */
const clientContext = async (browser: Browser, baseURL: string | undefined) => {
  const context = await browser.newContext({ baseURL, storageState: signedOut });
  const page = await context.newPage();
  await signIn(page, demoAccounts.client);
  await page.close();
  return context;
};

test('a passage selected in the PDF becomes a 1024x708 tile, downloaded as a PNG named after the report', async ({
  page,
}) => {
  const report = await pdfReport(page);
  await openReport(page, report);
  const bar = page.getByRole('toolbar', { name: m.toolbar });
  await bar.getByRole('button', { name: m.socialTiles }).click();
  const open = bar.getByRole('button', { name: m.socialTilesOpen });
  await expect(open).toBeDisabled();

  // Select the first words of page 1's text layer, as a mouse drag would.
  const layer = page.getByRole('figure', { name: /^Page 1 of / }).locator('.textLayer');
  await expect(layer.locator('span').first()).toBeAttached({ timeout: 20_000 });
  const selected = await layer.evaluate((node) => {
    const spans = Array.from(node.querySelectorAll('span')).filter(
      (s) => s.children.length === 0 && (s.textContent ?? '').trim().length > 3,
    );
    const first = spans[0];
    const last = spans[Math.min(spans.length - 1, 3)];
    if (!first || !last) return '';
    const range = document.createRange();
    range.setStart(first, 0);
    range.setEnd(last, last.childNodes.length);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    // the quote is the text layer's runs from the first to the last, one space between them
    const all = Array.from(node.querySelectorAll('span')).filter((s) => s.children.length === 0);
    return all
      .slice(all.indexOf(first), all.indexOf(last) + 1)
      .map((s) => s.textContent ?? '')
      .join(' ');
  });
  expect(selected.trim().length).toBeGreaterThan(3);
  await expect(open).toBeEnabled();
  // Keyboard reachable: focus it and press Enter.
  await open.focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: m.tileDialogTitle });
  await expect(dialog).toBeVisible();
  const quote = dialog.getByRole('textbox', { name: m.tileQuoteLabel });
  await expect(quote).toHaveValue(
    selected
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^["“]+|["”]+$/g, ''),
  );
  const download = dialog.getByRole('button', { name: m.tileDownload });
  await expect(download).toBeEnabled();
  await expectAccessible(page, 'the Social Media Tiles dialog');

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe(`${slugify(report.title)}.png`);
  const bytes = await readFile((await file.path())!);
  expect(pngSize(bytes)).toEqual({ width: 1024, height: 708 });
});

test('highlighting reaches a client on the next load; the PDF downloads; the client sees no admin tools', async ({
  page,
  browser,
  baseURL,
}) => {
  const report = await pdfReport(page);
  await openReport(page, report);
  const bar = page.getByRole('toolbar', { name: m.toolbar });
  const client = await clientContext(browser, baseURL);
  const highlightedIds = async () => {
    const res = await client.request.get('/api/reports', { params: { type: 'highlighted', pageSize: '50' } });
    expect(res.status()).toBe(200);
    return ((await res.json()) as ReportsReply).data.map((r) => r.id);
  };
  try {
    const wasHighlighted = report.type === 'highlighted';
    const toggle = bar.getByRole('button', { name: wasHighlighted ? m.unhighlight : m.highlight });
    await expect(toggle).toHaveAttribute('aria-pressed', String(wasHighlighted));
    const before = await highlightedIds();
    if (wasHighlighted) expect(before).toContain(report.id);
    else expect(before).not.toContain(report.id);
    await toggle.click();
    await expect(page.getByText(wasHighlighted ? m.unhighlighted : m.highlighted)).toBeVisible();
    await expect(
      bar.getByRole('button', { name: wasHighlighted ? m.highlight : m.unhighlight }),
    ).toHaveAttribute('aria-pressed', String(!wasHighlighted));
    const after = await highlightedIds();
    if (wasHighlighted) expect(after).not.toContain(report.id);
    else expect(after).toContain(report.id);

    // The PDF, stamped for the admin, named after the report; a second press within the second sends nothing.
    const pdfCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/reports/downloadPdf/')) pdfCalls.push(request.url());
    });
    const downloadButton = bar.getByRole('button', { name: m.downloadPdf });
    const [pdf] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    await downloadButton.click({ force: true }).catch(() => undefined);
    expect(pdf.suggestedFilename()).toBe(`${slugify(report.title)}.pdf`);
    expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfCalls).toHaveLength(1);

    // Back as it was (toggle again), then the client's view of the same report: no admin parts.
    await bar.getByRole('button', { name: wasHighlighted ? m.highlight : m.unhighlight }).click();
    await expect(
      bar.getByRole('button', { name: wasHighlighted ? m.unhighlight : m.highlight }),
    ).toBeVisible();
    const clientPage = await client.newPage();
    await openReport(clientPage, report);
    await expect(clientPage.getByRole('toolbar', { name: 'Report actions' })).toBeVisible();
    await expect(clientPage.getByRole('toolbar', { name: m.toolbar })).toHaveCount(0);
    await expect(clientPage.getByRole('button', { name: m.uploadPhoto })).toHaveCount(0);
    await expectAccessible(clientPage, "the client's viewer");
  } finally {
    await client.close();
  }
});

test("the lead analyst's photo: a wrong size is refused with the spec's message, a 253x203 PNG uploads", async ({
  page,
}) => {
  const report = await pdfReport(page);
  const lead = report.analysts[0]!;
  await openReport(page, report);
  await page.getByRole('button', { name: m.uploadPhotoOf(lead.name) }).click();
  const dialog = page.getByRole('dialog', { name: m.uploadPhotoOf(lead.name) });
  await expect(dialog).toBeVisible();
  const chooser = async (png: Buffer) => {
    const [fileChooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      dialog.getByRole('button', { name: /Choose/ }).click(),
    ]);
    await fileChooser.setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
  };
  await chooser(makePng(300, 300));
  await expect(dialog.getByText(analystPhotoMessages.wrongSize)).toBeVisible();
  await expect(dialog.getByRole('button', { name: m.uploadPhoto })).toBeDisabled();
  await chooser(makePng(253, 203));
  await dialog.getByRole('button', { name: m.uploadPhoto }).click();
  await expect(dialog.getByText(analystPhotoMessages.uploaded)).toBeVisible();
  const analyst = await page.request.get('/api/analysts', { params: { id: String(lead.id) } });
  const imagePath = ((await analyst.json()) as { data: { image_path: string }[] }).data[0]?.image_path;
  expect(imagePath).toMatch(new RegExp(`^analysts/analyst-${lead.id}-[0-9a-f]{16}\\.png$`));
  const served = await page.request.get(`/api/media/${imagePath}`);
  expect(pngSize(await served.body())).toEqual({ width: 253, height: 203 });
  await expectAccessible(page, 'the photo dialog after the upload');
});
