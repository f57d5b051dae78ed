/**
 * Reading on a phone (issue 11): at 375 px a PDF page fills the width and zoom (buttons, keys, pinch) draws it
 * wider and back, the page in view stays in view on rotation, the viewer's header and toolbar take no more than a
 * quarter of the first screen; an htm note fits the width; a workbook scrolls inside its frame and its watermark
 * stays off the worksheet tabs; the viewer reports reading progress. One test at 768 px for the tablet width.
 */

import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type ReportCard, type ReportsReply, storageKeys } from '@portal/contract';
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

/**
 * The header and its toolbar never cover the document, and the first page starts on the first screen with most
 * of that screen for it: measured against each other (issue 21: a fixed pixel bound on the header's height
 * depended on the machine's fonts, whose analysts line wraps or not).
 */
async function expectDocumentClearOfChrome(page: Page, documentRegion: Locator, screenHeight: number) {
  const doc = await documentRegion.boundingBox();
  const firstPage = await page.locator('figure[data-page-number="1"] canvas').boundingBox();
  expect(doc && firstPage).toBeTruthy();
  for (const chrome of [
    page.getByRole('button', { name: 'Back', exact: true }),
    page.getByRole('toolbar', { name: 'Report actions' }),
  ]) {
    const box = await chrome.boundingBox();
    expect(box, 'the viewer header and its toolbar are shown').toBeTruthy();
    // Above the document, not over it.
    expect(box!.y + box!.height).toBeLessThanOrEqual(doc!.y + 1);
  }
  // Site header, report header and toolbar take a quarter of the screen at most (issue 21 item 11).
  expect(doc!.y, 'the document starts within the first quarter of the screen').toBeLessThanOrEqual(
    screenHeight / 4,
  );
  // The page begins inside the document region, in the upper half of the first screen.
  expect(firstPage!.y).toBeGreaterThanOrEqual(doc!.y - 1);
  expect(firstPage!.y).toBeLessThan(screenHeight / 2);
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

  // Header and toolbar above the document, the first page on the first screen (at 667 and at 812 px high).
  await expectDocumentClearOfChrome(page, region, 667);
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

  // A taller phone: the same.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(canvas).toBeVisible();
  await expectDocumentClearOfChrome(page, region, 812);
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

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;
/** The site itself is neither zoomed nor wider than the screen: nothing pans it sideways. */
const siteStill = (page: Page) =>
  page.evaluate(
    () =>
      document.documentElement.scrollWidth <= window.innerWidth && (window.visualViewport?.scale ?? 1) === 1,
  );

/** Two animation frames with nothing new to draw: the page has taken in what came before. */
const settled = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

/**
 * Two taps at a point, 150 ms apart by the events' own clock (a loaded machine may take longer to send them; the
 * viewer judges a double tap by the events' time stamps).
 */
async function doubleTap(page: Page, x: number, y: number) {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const touch = [{ x, y, id: 0 }];
  for (const at of [0, 0.15]) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: touch,
      timestamp: start + at,
    });
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchEnd',
      touchPoints: [],
      timestamp: start + at + 0.05,
    });
  }
  await cdp.detach();
}

test.describe('issue 21: reading on a phone', () => {
  // The cookie notice, accepted: these tests measure what lies over the document, and the notice is not the viewer's.
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: storageKeys.cookieConsent, value: 'true', url: baseURL! }]);
  });

  test('375 px: double tap and the zoom buttons zoom inside the viewer, whose bar never covers the page', async ({
    page,
  }) => {
    await open(page, await scrollingPdf(page));
    const region = page.getByRole('region', { name: 'Report document' });
    const first = page.locator('figure[data-page-number="1"]');
    await expect(first.locator('canvas')).toBeVisible();
    // Measured on the page's box: its canvas is replaced whenever the page is drawn again.
    const canvas = first;
    const level = page.getByLabel('Zoom level');
    await expect(level).toHaveText('100%');
    const fitted = await width(canvas);

    // The bar and the report's toolbar take their own room: neither lies over the pages' visible area.
    const bar = page.getByRole('toolbar', { name: 'Zoom' });
    const regionBox = (await region.boundingBox())!;
    for (const chrome of [bar, page.getByRole('toolbar', { name: 'Report actions' })]) {
      const box = (await chrome.boundingBox())!;
      expect(intersects(box, regionBox), `${JSON.stringify(box)} over ${JSON.stringify(regionBox)}`).toBe(
        false,
      );
    }
    // The last page's foot, scrolled to, is all in view above the bar (it was under a floating bar).
    const last = page.locator('figure[data-page-number]').last();
    await region.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    const barTop = (await bar.boundingBox())!.y;
    await expect
      .poll(async () => {
        const box = (await last.boundingBox())!;
        return box.y + box.height;
      })
      .toBeLessThanOrEqual(barTop);
    // The last page drawn before going back up: a drawing still running when the taps come would hold them up.
    await expect(last.locator('canvas')).toBeVisible();
    await region.evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect(first.locator('canvas')).toBeVisible();
    await settled(page);

    // A double tap on the page zooms in at the tapped point; the site does not move.
    const box = (await canvas.boundingBox())!;
    const tap = { x: box.x + box.width * 0.25, y: box.y + Math.min(box.height, regionBox.height) * 0.4 };
    const fraction = { x: (tap.x - box.x) / box.width, y: (tap.y - box.y) / box.height };
    await doubleTap(page, tap.x, tap.y);
    await expect(level).toHaveText('200%');
    await expect.poll(() => width(canvas)).toBeGreaterThan(fitted * 1.8);
    // The tapped point of the page is still under the finger (within a few pixels).
    const zoomed = (await canvas.boundingBox())!;
    expect(Math.abs(zoomed.x + fraction.x * zoomed.width - tap.x)).toBeLessThan(8);
    expect(Math.abs(zoomed.y + fraction.y * zoomed.height - tap.y)).toBeLessThan(8);
    expect(await siteStill(page)).toBe(true);
    // Zoomed, the page scrolls sideways inside its own box.
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // A second double tap fits the page to the width again.
    await doubleTap(page, tap.x, tap.y);
    await expect(level).toHaveText('100%');
    await expect.poll(() => width(canvas)).toBeLessThan(fitted + 2);

    // The zoom buttons up to the largest zoom: still only the viewer's box scrolls.
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    while (await zoomIn.isEnabled()) await zoomIn.click();
    await expect(level).toHaveText('400%');
    await expect.poll(() => width(canvas)).toBeGreaterThan(fitted * 3.5);
    expect(await siteStill(page)).toBe(true);
    await page.getByRole('button', { name: 'Fit to width' }).click();
    await expect(level).toHaveText('100%');
    // Two-finger moves and double taps over the document are the viewer's, never the browser's zoom of the site.
    const viewer = region.locator('xpath=..');
    expect(await viewer.evaluate((el) => getComputedStyle(el).touchAction)).toBe('pan-x pan-y');

    // Scrolling over the page at its end does not scroll the site on.
    await region.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    const siteScroll = await page.evaluate(() => window.scrollY);
    const centre = (await region.boundingBox())!;
    await page.mouse.move(centre.x + centre.width / 2, centre.y + centre.height / 2);
    await page.mouse.wheel(0, 600);
    // The wheel's scroll has landed when the region's own scroll event has run; give the site a frame more.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(siteScroll);
  });

  test("375 px: a page turn shows the new page's top, even after the site was scrolled past the viewer's", async ({
    page,
  }) => {
    const pdfs = await readable(page.request, 'pdf');
    const yearbook = pdfs.find((r) => /Yearbook/.test(r.title));
    expect(yearbook, 'the demo yearbook (more than ten pages: one page at a time)').toBeTruthy();
    await open(page, yearbook!);
    const region = page.getByRole('region', { name: 'Report document' });
    await expect(page.locator('figure[data-page-number="1"] canvas')).toBeVisible();
    // Read to the page's foot, then the site on a little further (its header out of view).
    await region.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await page.evaluate(() => {
      const top = document.querySelector('[aria-label="Report document"]')!.getBoundingClientRect().top;
      window.scrollBy(0, top + 80);
    });
    expect((await region.boundingBox())!.y).toBeLessThan(0);

    await page.getByRole('button', { name: 'Next page' }).click();
    const second = page.locator('figure[data-page-number="2"]');
    await expect(second.locator('canvas')).toBeVisible();
    // The new page's top is in view: inside the document's box, and that box's top inside the window.
    const [pageBox, regionBox] = [(await second.boundingBox())!, (await region.boundingBox())!];
    expect(regionBox.y).toBeGreaterThanOrEqual(0);
    expect(pageBox.y).toBeGreaterThanOrEqual(regionBox.y - 1);
    expect(pageBox.y).toBeLessThan(regionBox.y + regionBox.height / 4);
    expect(await page.getByRole('spinbutton').inputValue()).toBe('2');
    // The bar with the pager stays clear of the page.
    const bar = (await page.getByRole('navigation', { name: 'Report pages' }).boundingBox())!;
    expect(intersects(bar, regionBox)).toBe(false);
  });

  test('375 px: a workbook keeps its first column while the rest scrolls, with its watermark under the cells', async ({
    page,
  }) => {
    await readable(page.request, 'pdf');
    const sheets = [...(catalogue?.get('xlsx') ?? []), ...(catalogue?.get('xls') ?? [])];
    expect(sheets.length, 'a readable demo workbook').toBeGreaterThan(0);
    await open(page, sheets[0]!);
    const sheet = page.getByRole('region', { name: /^Worksheet / });
    await expect(sheet.locator('td').first()).toBeVisible();
    expect(await sheet.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // A row with figures: its label (the row's header) stays where it was while its figures move left.
    const moved = await sheet.evaluate((el) => {
      const rows = Array.from(el.querySelectorAll('tr')).filter((tr) => tr.querySelector('td:nth-child(3)'));
      const row = rows[rows.length - 1]!;
      const label = row.querySelector('th[scope="row"]')!;
      const figure = row.querySelectorAll('td')[1]!;
      const [label0, figure0] = [label.getBoundingClientRect().left, figure.getBoundingClientRect().left];
      el.scrollLeft = Math.min(200, el.scrollWidth - el.clientWidth);
      return {
        shift: el.scrollLeft,
        label: label.getBoundingClientRect().left - label0,
        figure: figure.getBoundingClientRect().left - figure0,
      };
    });
    expect(moved.shift).toBeGreaterThan(20);
    expect(Math.abs(moved.figure + moved.shift)).toBeLessThan(2);
    expect(Math.abs(moved.label)).toBeLessThan(1);
    expect(await noPageOverflow(page)).toBe(true);

    // The watermark is there, and wherever it meets a cell's text the text is drawn over it: the topmost thing
    // at each such point is the cell (the marks take the pointer for the measurement only).
    const marks = page.getByTestId('watermark-overlay').locator('[data-watermark]');
    await expect(marks.first()).toBeAttached();
    await sheet.evaluate((el) => {
      el.scrollLeft = 0;
      el.scrollTop = 0;
    });
    const crossings = await sheet.evaluate((box) => {
      const overlay = box.parentElement!.querySelector<HTMLElement>('[data-testid="watermark-overlay"]')!;
      const markBoxes = Array.from(overlay.querySelectorAll<HTMLElement>('[data-watermark]'));
      overlay.style.pointerEvents = 'auto';
      const view = box.getBoundingClientRect();
      let met = 0;
      const under: string[] = [];
      for (const cell of Array.from(box.querySelectorAll('td, th'))) {
        const range = document.createRange();
        range.selectNodeContents(cell);
        for (const text of Array.from(range.getClientRects())) {
          for (const mark of markBoxes) {
            const m = mark.getBoundingClientRect();
            const left = Math.max(text.left, m.left, view.left);
            const right = Math.min(text.right, m.right, view.right);
            const top = Math.max(text.top, m.top, view.top);
            const bottom = Math.min(text.bottom, m.bottom, view.bottom);
            if (right - left < 2 || bottom - top < 2) continue;
            for (const fx of [0.25, 0.5, 0.75]) {
              const hit = document.elementFromPoint(left + (right - left) * fx, (top + bottom) / 2);
              met += 1;
              if (!hit || !cell.contains(hit))
                under.push(`${cell.textContent} under ${hit?.outerHTML.slice(0, 80)}`);
            }
          }
        }
      }
      overlay.style.pointerEvents = '';
      return { met, under };
    });
    expect(crossings.met, 'the watermark crosses some cell text in the first screen').toBeGreaterThan(0);
    expect(crossings.under).toEqual([]);
  });

  test('375 px: audio and video carry the watermark over the player, which lets the pointer through', async ({
    page,
  }) => {
    for (const [type, role] of [
      ['mp4', 'video'],
      ['mp3', 'audio'],
    ] as const) {
      const [report] = await readable(page.request, type);
      await open(page, report!);
      const player = page.locator(role);
      await expect(player).toBeVisible();
      // The player has its file's metadata (its controls are drawn at their final size).
      await expect
        .poll(() => player.evaluate((el: HTMLMediaElement) => el.readyState))
        .toBeGreaterThanOrEqual(1);
      const marks = page.getByTestId('watermark-overlay').locator('[data-watermark]');
      await expect(marks.first()).toBeVisible();
      const playerBox = (await player.boundingBox())!;
      // the player's own box (the dark box it sits in)
      const frame = (await player.locator('xpath=..').boundingBox())!;
      for (const mark of await marks.all()) {
        const m = (await mark.boundingBox())!;
        const [cx, cy] = [m.x + m.width / 2, m.y + m.height / 2];
        // A video's marks lie on its picture; an audio player's on the player's box around it.
        const on = role === 'video' ? playerBox : frame;
        expect(cx >= on.x && cx <= on.x + on.width && cy >= on.y && cy <= on.y + on.height).toBe(true);
        expect(Number(await mark.evaluate((el) => getComputedStyle(el).opacity))).toBeGreaterThan(0);
      }
      if (role === 'video') {
        // Over the picture, above the controls' strip at its foot (measured again once the player has its size).
        await expect
          .poll(async () => {
            const [layer, box] = await Promise.all([
              page.getByTestId('watermark-overlay').boundingBox(),
              player.boundingBox(),
            ]);
            return box!.y + box!.height - (layer!.y + layer!.height);
          })
          .toBeGreaterThan(24);
      }
      // The pointer goes through the marks to the player and its controls.
      const hit = await page.evaluate(
        ([x, y]) => {
          const element = document.elementFromPoint(x as number, y as number);
          return { tag: element?.tagName.toLowerCase(), html: element?.outerHTML.slice(0, 200) };
        },
        [playerBox.x + playerBox.width / 2, playerBox.y + playerBox.height - 10],
      );
      expect(hit.tag, `the pointer meets ${hit.html}`).toBe(role);
    }
  });
});
