/**
 * Reading on a phone (issue 11): at 375 px a PDF page fills the width and zoom (buttons, keys, pinch) draws it
 * wider and back, the page in view stays in view on rotation, the viewer's header and toolbar take no more than a
 * quarter of the first screen; an htm note fits the width; a workbook scrolls inside its frame and its watermark
 * stays off the worksheet tabs; the viewer reports reading progress. One test at 768 px for the tablet width.
 */

import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { ReportCard, ReportsReply } from '@portal/contract';
import { expect, test } from './support/fixtures.ts';

test.use({ account: 'client', viewport: { width: 375, height: 667 }, hasTouch: true });

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

let catalogue: Map<string, ReportCard[]> | undefined;

/** The client's readable demo reports by file type (GET /api/reports walked once per worker). */
async function readable(request: APIRequestContext, type: string) {
  if (!catalogue) {
    const found = new Map<string, ReportCard[]>();
    let cursor: string | null = null;
    for (let i = 0; i < 100; i++) {
      const res = await request.get('/api/reports', {
        params: { type: 'all', pageSize: '50', ...(cursor ? { cursor } : {}) },
      });
      expect(res.status(), await res.text()).toBe(200);
      const reply = (await res.json()) as ReportsReply;
      for (const report of reply.data) {
        if (report.entitled) found.set(report.filetype, [...(found.get(report.filetype) ?? []), report]);
      }
      cursor = reply.pagination.next;
      if (!cursor) break;
    }
    catalogue = found;
  }
  const reports = catalogue.get(type) ?? [];
  expect(reports.length, `a readable demo report of type ${type}`).toBeGreaterThan(0);
  return reports;
}

async function open(page: Page, report: Pick<ReportCard, 'id' | 'title'>) {
  await page.goto(`/reports/${report.id}_${slug(report.title)}`);
  await expect(page.getByRole('heading', { level: 1, name: report.title })).toBeVisible();
}

/** A PDF of up to ten pages (all pages one under the other; the 50-page yearbook shows one page at a time). */
async function scrollingPdf(page: Page) {
  const pdfs = await readable(page.request, 'pdf');
  return (pdfs.find((r) => !/Yearbook/.test(r.title)) ?? pdfs[0])!;
}

const width = async (locator: Locator) => (await locator.boundingBox())?.width ?? 0;
const noPageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** From the top of the viewer's header (Back) to the top of the document: what the document does not get. */
async function headerAndToolbarHeight(page: Page, documentRegion: Locator) {
  const back = await page.getByRole('button', { name: 'Back', exact: true }).boundingBox();
  const doc = await documentRegion.boundingBox();
  expect(back && doc).toBeTruthy();
  return doc!.y - back!.y;
}

test('375 px: a PDF page fills the width, zoom and pinch draw it wider and back, the page stays on rotation', async ({
  page,
}) => {
  const report = await scrollingPdf(page);
  const progress = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith(`/api/report/S-${report.id}/progress`),
  );
  await open(page, report);
  const region = page.getByRole('region', { name: 'Report document' });
  const first = page.locator('figure[data-page-number="1"]');
  const canvas = first.locator('canvas');
  await expect(canvas).toBeVisible();

  // Fit to width: the page is as wide as the document's frame (not 310 px of 375 as before).
  const frameWidth = await region.evaluate((el) => el.clientWidth);
  const fitted = await width(canvas);
  expect(frameWidth).toBeGreaterThan(330);
  expect(Math.abs(fitted - frameWidth)).toBeLessThanOrEqual(4);
  // Drawn on the screen's pixels (not stretched from a smaller drawing).
  const pixels = await canvas.evaluate((c: HTMLCanvasElement) => c.width);
  expect(pixels).toBeGreaterThanOrEqual(Math.floor(fitted) - 1);

  // Header and toolbar: at most a quarter of the first screen, at 667 and at 812 px high.
  expect(await headerAndToolbarHeight(page, region)).toBeLessThanOrEqual(0.25 * 667);
  // The zoom buttons are on the first screen.
  const zoomIn = page.getByRole('button', { name: 'Zoom in' });
  const zoomOut = page.getByRole('button', { name: 'Zoom out' });
  // The document's height follows the header's (re-evaluated every second, spec 1 section 9): a header whose
  // analysts wrap onto a second line takes that long to be accounted for.
  await expect
    .poll(async () => {
      const box = await zoomIn.boundingBox();
      return box ? box.y + box.height : Number.POSITIVE_INFINITY;
    })
    .toBeLessThanOrEqual(667);

  // Zoom in: wider, drawn again at the new size; the page itself does not overflow (the frame scrolls).
  await zoomIn.click();
  await expect.poll(() => width(canvas)).toBeGreaterThan(fitted * 1.2);
  await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(pixels * 1.2);
  await expect(page.getByLabel('Zoom level')).toHaveText('125%');
  expect(await noPageOverflow(page)).toBe(true);
  await zoomOut.click();
  await expect.poll(() => width(canvas)).toBeLessThan(fitted + 2);
  expect(Math.abs((await width(canvas)) - fitted)).toBeLessThanOrEqual(2);

  // The keyboard: + and - on the document.
  await region.focus();
  await page.keyboard.press('+');
  await expect.poll(() => width(canvas)).toBeGreaterThan(fitted * 1.2);
  await page.keyboard.press('-');
  await expect.poll(() => width(canvas)).toBeLessThan(fitted + 2);

  // Pinch: two fingers moving apart zoom in around their midpoint.
  const box = (await region.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const cx = box.x + box.width / 2;
  const cy = box.y + Math.min(box.height / 2, 200);
  const fingers = (spread: number) => [
    { x: cx - spread, y: cy, id: 0 },
    { x: cx + spread, y: cy, id: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(40) });
  for (const spread of [55, 70, 85, 100]) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect.poll(() => width(canvas)).toBeGreaterThan(fitted * 2);
  await page.getByRole('button', { name: 'Fit to width' }).click();
  await expect.poll(() => width(canvas)).toBeLessThan(fitted + 2);

  // Rotation: the page in view before is in view after.
  const pages = await page.locator('figure[data-page-number]').count();
  const target = page.locator(`figure[data-page-number="${Math.min(3, pages)}"]`);
  await target.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const inView = async () => {
    const [t, r] = await Promise.all([target.boundingBox(), region.boundingBox()]);
    return Boolean(t && r && t.y < r.y + r.height && t.y + t.height > r.y);
  };
  expect(await inView()).toBe(true);
  await page.setViewportSize({ width: 667, height: 375 });
  await expect.poll(() => region.evaluate((el) => el.clientWidth)).toBeGreaterThan(500);
  await expect.poll(inView).toBe(true);
  await page.setViewportSize({ width: 375, height: 667 });
  await expect.poll(() => region.evaluate((el) => el.clientWidth)).toBeLessThan(400);
  await expect.poll(inView).toBe(true);

  // Reading progress went to the server for the signed-in reader.
  const sent = await progress;
  expect((sent.postDataJSON() as { fraction: number }).fraction).toBeGreaterThan(0);
  expect((await sent.response())?.status()).toBe(200);

  // A taller phone: the header and toolbar still within a quarter.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(canvas).toBeVisible();
  expect(await headerAndToolbarHeight(page, region)).toBeLessThanOrEqual(0.25 * 812);
});

test('375 px: an htm note fits the width, a workbook scrolls in its frame with its watermark off the tabs', async ({
  page,
}) => {
  const [htm] = await readable(page.request, 'htm');
  await open(page, htm!);
  const frame = page.locator('iframe[title]').first();
  await expect(frame).toBeVisible();
  const level = page.getByLabel('Zoom level');
  // Fitted below the desktop's 140%, and nothing runs off to the right inside the frame or on the page.
  await expect.poll(async () => Number.parseInt((await level.textContent()) ?? '', 10)).toBeLessThan(140);
  const frameFits = () =>
    frame.evaluate((el: HTMLIFrameElement) => {
      const root = el.contentDocument?.documentElement;
      return Boolean(root && root.scrollWidth <= root.clientWidth);
    });
  expect(await frameFits()).toBe(true);
  expect(await noPageOverflow(page)).toBe(true);
  const fittedLevel = await level.textContent();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(level).not.toHaveText(fittedLevel ?? '');
  await page.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(level).toHaveText(fittedLevel ?? '');

  const sheets = [...(catalogue?.get('xlsx') ?? []), ...(catalogue?.get('xls') ?? [])];
  expect(sheets.length, 'a readable demo workbook').toBeGreaterThan(0);
  await open(page, sheets[0]!);
  const tabs = page.getByRole('toolbar', { name: 'Worksheets' });
  await expect(tabs).toBeVisible();
  const sheet = page.getByRole('region', { name: /^Worksheet / });
  await expect(sheet.locator('td').first()).toBeVisible();
  expect(await noPageOverflow(page)).toBe(true);
  // The sheet is wider than the phone: it scrolls inside its own box.
  expect(await sheet.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
  const marks = page.getByTestId('watermark-overlay').locator('[data-watermark]');
  await expect(marks.first()).toBeAttached();
  const tabsBox = (await tabs.boundingBox())!;
  for (const mark of await marks.all()) {
    const m = await mark.boundingBox();
    if (!m) continue;
    const overlaps =
      m.x < tabsBox.x + tabsBox.width &&
      m.x + m.width > tabsBox.x &&
      m.y < tabsBox.y + tabsBox.height &&
      m.y + m.height > tabsBox.y;
    expect(overlaps, `watermark at ${JSON.stringify(m)} over the tabs at ${JSON.stringify(tabsBox)}`).toBe(
      false,
    );
  }
  // Still visible: over the sheet itself.
  const sheetBox = (await sheet.boundingBox())!;
  const top = (await marks.first().boundingBox())!;
  expect(top.y).toBeGreaterThanOrEqual(sheetBox.y);
});

test.describe('tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: false });

  test('768 px: a PDF page fills the width and zoom draws it wider and back', async ({ page }) => {
    await open(page, await scrollingPdf(page));
    const region = page.getByRole('region', { name: 'Report document' });
    const canvas = page.locator('figure[data-page-number="1"] canvas');
    await expect(canvas).toBeVisible();
    const inner = await region.evaluate((el) => {
      const style = getComputedStyle(el);
      return el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    });
    const fitted = await width(canvas);
    expect(Math.abs(fitted - inner)).toBeLessThanOrEqual(4);
    expect(fitted).toBeGreaterThan(650);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => width(canvas)).toBeGreaterThan(fitted * 1.2);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(() => width(canvas)).toBeLessThan(fitted + 2);
    expect(await noPageOverflow(page)).toBe(true);
  });
});
