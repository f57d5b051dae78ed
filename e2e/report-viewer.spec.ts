/**
 * The report viewer (spec 1 section 2.7, issue 4) against the seeded demo catalogue, as the demo client: one
 * report of every file type renders, the reader's own name is in the watermark (in the stamped PDF's own text, and
 * over the other types), copy link, save and full screen work, and refusals route as spec 1 section 4 says.
 */

import type { APIRequestContext, Page } from '@playwright/test';
import type { ReportCard, ReportsReply } from '@portal/contract';
import {
  copyLinkTexts,
  messages,
  messagesResearch,
  refusedReportMessages,
  viewerMessages,
} from '@portal/contract';
import { expect, expectAccessible, test, waitForSettled } from './support/fixtures.ts';

test.use({ account: 'client' });

/** The 50-page demo PDF (seeded by the viewer seed module; named in the server's interface note). */
const yearbookTitle = 'Asia Semiconductor Yearbook: fifty pages on foundry, memory and the AI build-out';

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
const viewerPath = (report: Pick<ReportCard, 'id' | 'title'>) =>
  `/reports/${report.id}_${slug(report.title)}`;

type Catalogue = { entitled: Map<string, ReportCard[]>; refused: ReportCard | undefined };
let catalogue: Catalogue | undefined;

/** Walks GET /api/reports once per worker and groups the client's readable reports by file type. */
async function demoCatalogue(request: APIRequestContext): Promise<Catalogue> {
  if (catalogue) return catalogue;
  const entitled = new Map<string, ReportCard[]>();
  let refused: ReportCard | undefined;
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const res = await request.get('/api/reports', {
      params: { type: 'all', pageSize: '50', ...(cursor ? { cursor } : {}) },
    });
    expect(res.status(), await res.text()).toBe(200);
    const reply = (await res.json()) as ReportsReply;
    for (const report of reply.data) {
      if (!report.entitled) {
        refused ??= report;
        continue;
      }
      entitled.set(report.filetype, [...(entitled.get(report.filetype) ?? []), report]);
    }
    cursor = reply.pagination.next;
    if (!cursor) break;
  }
  catalogue = { entitled, refused };
  return catalogue;
}

async function reportOfType(page: Page, type: string) {
  const found = (await demoCatalogue(page.request)).entitled.get(type)?.[0];
  expect(found, `an entitled demo report of type ${type}`).toBeTruthy();
  return found!;
}

async function readerName(page: Page) {
  const me = await page.request.get('/api/users/me');
  const name = ((await me.json()) as { data: { full_name: string } }).data.full_name;
  expect(name).toBeTruthy();
  return name;
}

/**
 * The viewer of a media report is ready when its player has the file's metadata (readyState >= HAVE_METADATA,
 * what `loadedmetadata` announces) and no loader shows. Not `waitForSettled`: a media element may keep fetching
 * ranges of its file for as long as it likes, so the network never falls quiet (issue 21: a CI run timed out
 * waiting for `networkidle` here).
 */
async function waitForMediaReady(page: Page, selector: 'audio' | 'video') {
  await expect(page.getByRole('main')).toBeVisible();
  const player = page.locator(selector);
  await expect(player).toHaveCount(1);
  await expect
    .poll(() => player.evaluate((media: HTMLMediaElement) => media.readyState), {
      message: `${selector} element has loaded its metadata`,
    })
    .toBeGreaterThanOrEqual(1);
  await expect(
    page.locator('[aria-busy="true"], [role="progressbar"], .mantine-Loader-root').filter({ visible: true }),
  ).toHaveCount(0);
}

const related = (page: Page) => page.getByRole('complementary', { name: viewerMessages.relatedReports });
const overlay = (page: Page) => page.getByTestId('watermark-overlay');

/** The overlay draws the reader's watermark (as CSS generated content), half transparent, click-through. */
async function expectOverlayWatermark(page: Page, name: string) {
  await expect(overlay(page)).toHaveAttribute('aria-hidden', 'true');
  await expect
    .poll(() =>
      overlay(page)
        .locator('[data-watermark]')
        .evaluateAll((marks) =>
          marks.map((mark) => {
            const style = getComputedStyle(mark);
            return `${getComputedStyle(mark, '::before').content} ${style.opacity} ${getComputedStyle(mark.parentElement as Element).pointerEvents}`;
          }),
        ),
    )
    .toContainEqual(expect.stringMatching(new RegExp(`${name}.* 0\\.5 none$`)));
}

async function openReport(page: Page, report: Pick<ReportCard, 'id' | 'title'>) {
  await page.goto(viewerPath(report));
  await expect(page.getByRole('heading', { level: 1, name: report.title })).toBeVisible();
}

/** The media URL answers (a Range request, as players send them). */
async function expectServed(page: Page, src: string | null) {
  expect(src).toMatch(/^\/api\/files\//);
  const res = await page.request.get(src!, { headers: { range: 'bytes=0-1023' } });
  expect([200, 206]).toContain(res.status());
  expect((await res.body()).length).toBeGreaterThan(0);
}

test.describe('file types', () => {
  test('pdf: pages on canvas with a text layer holding the report text and the stamped watermark', async ({
    page,
  }) => {
    const name = await readerName(page);
    const search = await page.request.get('/api/reports', {
      params: { type: 'all', q: 'Semiconductor Yearbook' },
    });
    const yearbook = ((await search.json()) as ReportsReply).data.find((r) => r.title === yearbookTitle);
    expect(yearbook, 'the 50-page demo PDF').toBeTruthy();
    await openReport(page, yearbook!);

    const first = page.getByRole('figure', { name: 'Page 1 of 50' });
    await expect(first.locator('canvas')).toBeVisible();
    const text = first.locator('.textLayer');
    await expect(text).toContainText('Yearbook', { timeout: 20_000 });
    await expect(text).toContainText(name);
    // The canvas is painted (not blank): some pixel differs from white.
    const painted = await first.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
      const ctx = canvas.getContext('2d');
      if (!ctx) return false;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) if (data[i] !== 255 || data[i + 1] !== 255) return true;
      return false;
    });
    expect(painted).toBe(true);
    expect(
      await page.evaluate(() => performance.getEntriesByName('report-viewer:first-pdf-page').length),
    ).toBe(1);
    // More than 10 pages: one page at a time with a pager; no overlay over the stamped file.
    await page
      .getByRole('navigation', { name: 'Report pages' })
      .getByRole('button', { name: 'Next page' })
      .click();
    await expect(page.getByRole('figure', { name: 'Page 2 of 50' }).locator('.textLayer')).toContainText(
      name,
    );
    await expect(overlay(page)).toHaveCount(0);
    // The text layer's text can be selected.
    const selected = await page
      .getByRole('figure', { name: 'Page 2 of 50' })
      .locator('.textLayer')
      .evaluate((layer) => {
        const range = document.createRange();
        range.selectNodeContents(layer);
        const selection = window.getSelection();
        selection?.removeAllRanges();
        selection?.addRange(range);
        return selection?.toString() ?? '';
      });
    expect(selected.length).toBeGreaterThan(20);
    await waitForSettled(page);
  });

  test('htm: the report in a sandboxed frame, with zoom and the watermark overlay', async ({ page }) => {
    const name = await readerName(page);
    const report = await reportOfType(page, 'htm');
    await openReport(page, report);
    const frame = page.locator(`iframe[title="${report.title.replace(/"/g, '\\"')}"]`);
    await expect(frame).toHaveAttribute('sandbox', /^(?!.*allow-scripts).*$/);
    // Read through the parent (allow-same-origin): Playwright's own scripts inside a frame that may not run
    // scripts leave the page's network never idle.
    const frameState = () =>
      frame.evaluate((element: HTMLIFrameElement) => ({
        heading: element.contentDocument?.querySelector('h1')?.textContent ?? '',
        zoom: element.contentDocument?.documentElement.style.zoom ?? '',
      }));
    await expect.poll(async () => (await frameState()).heading).toBe(report.title);
    await expectOverlayWatermark(page, name);
    const zoom = page.getByRole('toolbar', { name: 'Zoom' });
    await expect(zoom.getByLabel('Zoom level')).toHaveText('140%');
    await zoom.getByRole('button', { name: 'Zoom in' }).click();
    await expect(zoom.getByLabel('Zoom level')).toHaveText('150%');
    await expect.poll(async () => (await frameState()).zoom).toBe('1.5');
    await zoom.getByRole('button', { name: 'Reset zoom' }).click();
    await expect(zoom.getByLabel('Zoom level')).toHaveText('140%');
    await waitForSettled(page);
  });

  test('xlsx: the workbook as a table, with the watermark overlay', async ({ page }) => {
    const name = await readerName(page);
    const report = await reportOfType(page, 'xlsx');
    await openReport(page, report);
    // a bank's or insurer's model reads total income where a company's reads revenue
    // the first column holds the rows' labels: row headers (th scope=row)
    await expect(page.getByRole('rowheader', { name: /^(Revenue|Total income)$/ }).first()).toBeVisible();
    // the model is in millions of the listing's currency (IDR for a Jakarta listing, HKD for Hong Kong...)
    await expect(page.getByRole('rowheader', { name: /^Year to December \([A-Z]{3} m\)$/ })).toBeVisible();
    await page.getByRole('toolbar', { name: 'Worksheets' }).getByRole('button', { name: 'Notes' }).click();
    const keyPoints = { name: 'Key points' };
    await expect(page.getByRole('rowheader', keyPoints).or(page.getByRole('cell', keyPoints))).toBeVisible();
    await expectOverlayWatermark(page, name);
    await waitForSettled(page);
  });

  test('mp3, mp4 and youtube: players and embeds whose sources the server answers', async ({ page }) => {
    const name = await readerName(page);
    const audio = await reportOfType(page, 'mp3');
    await openReport(page, audio);
    const player = page.locator('audio');
    await expect(player).toHaveAttribute('controls', '');
    await expect(player).toHaveText(viewerMessages.audioUnsupported);
    await expectServed(page, await player.getAttribute('src'));
    await expectOverlayWatermark(page, name);
    await waitForMediaReady(page, 'audio');

    const video = await reportOfType(page, 'mp4');
    await openReport(page, video);
    await expect(page.locator('video')).toContainText(viewerMessages.videoUnsupported);
    await expectServed(page, await page.locator('video').getAttribute('src'));
    await waitForMediaReady(page, 'video');

    // The run has no internet: YouTube's embed page is answered locally, so the frame loads as it would.
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>Video</title><p>Video player</p></html>',
      }),
    );
    const youtube = await reportOfType(page, 'youtube');
    await openReport(page, youtube);
    const embed = page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]');
    await expect(embed).toHaveAttribute('title', youtube.title);
    await expect(embed).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+$/);
    // The embed's page has loaded (the named condition, not a quiet network).
    await expect(
      page.frameLocator('iframe[src^="https://www.youtube-nocookie.com/embed/"]').getByText('Video player'),
    ).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
  });
});

test.describe('actions', () => {
  test('copy link shows the notice and puts the report address on the clipboard', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const report = await reportOfType(page, 'htm');
    await openReport(page, report);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('status').filter({ hasText: messages.notices.linkCopied })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      new URL(viewerPath(report), page.url()).toString(),
    );
    await waitForSettled(page);
  });

  test('save toggles and persists across a reload', async ({ page }) => {
    const report = (await demoCatalogue(page.request)).entitled.get('xlsx')?.at(-1);
    expect(report).toBeTruthy();
    await openReport(page, report!);
    const save = page.getByRole('button', { name: messagesResearch.saveReport });
    const unsave = page.getByRole('button', { name: messagesResearch.unsaveReport });
    if (await unsave.isVisible()) {
      await unsave.click();
      await expect(save).toBeVisible();
    }
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/reports/save/') && r.ok());
    await save.click();
    expect((await saved).request().postDataJSON()).toEqual({ id: report!.id, status: 1 });
    await expect(unsave).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(unsave).toBeVisible();

    const unsaved = page.waitForResponse((r) => r.url().endsWith('/api/reports/save/') && r.ok());
    await unsave.click();
    expect((await unsaved).request().postDataJSON()).toEqual({ id: report!.id, status: 0 });
    await page.reload();
    await expect(save).toBeVisible();
    await waitForSettled(page);
  });

  test('full screen hides the side panel and comes back', async ({ page }) => {
    const report = await reportOfType(page, 'htm');
    await openReport(page, report);
    await expect(related(page)).toBeVisible();
    await expect(related(page).getByRole('link').first()).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    const toggle = page.getByRole('button', { name: 'Full screen' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(related(page)).toHaveCount(0);
    // The document grows to the window height minus 94.
    const frameBox = await page.locator('iframe').boundingBox();
    const viewport = page.viewportSize();
    expect(Math.round((frameBox?.height ?? 0) + 52)).toBeGreaterThanOrEqual((viewport?.height ?? 0) - 94 - 2);
    await toggle.click();
    await expect(related(page)).toBeVisible();
    await waitForSettled(page);
  });
});

test.describe("an admin's copy-link menu (sWebCustomLinks, rw_CopyLinkTo)", () => {
  test.use({ account: 'admin' });

  test('copies a custom link by keyboard, and the client address by touch at 375 px', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const report = await reportOfType(page, 'pdf');
    await openReport(page, report);
    const menu = page.getByRole('button', { name: copyLinkTexts.menu });
    await menu.focus();
    await page.keyboard.press('Enter');
    const items = page.getByRole('menu').getByRole('menuitem');
    await expect(items.first()).toHaveText(copyLinkTexts.thisReport);
    await expect(items).toHaveCount(4); // the client address and the three demo links
    await expectAccessible(page, 'copy-link menu open');
    // The menu opens on its first entry; the next one is the first demo link ('Research portal').
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: copyLinkTexts.copied })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^https?:\/\/[^/]+\/$/);

    await page.setViewportSize({ width: 375, height: 667 });
    await menu.click();
    await items.first().click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      new URL(viewerPath(report), page.url()).toString(),
    );
    await waitForSettled(page);
  });
});

test.describe('webcast', () => {
  test('101010 goes home and opens the webcast in a new window', async ({ page, context }) => {
    const parameter = await page.request.get('/api/getParameter/rw_WebcastUrl');
    expect(parameter.status()).toBe(200);
    const webcast = ((await parameter.json()) as { value: string }).value;
    const popup = context.waitForEvent('page');
    await page.goto('/reports/101010_webcast');
    const opened = await popup;
    await expect.poll(() => opened.url()).toBe(new URL(webcast, page.url()).toString());
    await opened.close();
    await expect(page).toHaveURL(/\/home$/);
    await waitForSettled(page);
  });
});

test.describe('refusals', () => {
  test('a report outside the subscription says so by its path, with a way to ask for it and no dead link', async ({
    page,
  }) => {
    const refused = (await demoCatalogue(page.request)).refused;
    expect(refused, 'a demo report the client is not entitled to').toBeTruthy();
    await page.goto(viewerPath(refused!));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByText(viewerMessages.notEntitled)).toBeVisible();
    // Request access leads to the subscription preferences screen (issue 12)
    await expect(main.getByRole('link', { name: refusedReportMessages.requestAccess })).toHaveAttribute(
      'href',
      '/subscriptionPreference/home',
    );
    await expect(page.locator('iframe, canvas, video, audio')).toHaveCount(0);
  });

  test.describe('anonymous', () => {
    test.use({ account: null });
    test('an anonymous visitor goes to /login with the report as the redirect', async ({ page }) => {
      await page.goto('/reports/1_any-report');
      await expect(page).toHaveURL(/\/login\?redirectUrl=%2Freports%2F1_any-report$/);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      expect(await page.evaluate(() => document.body.hasAttribute('data-report-page'))).toBe(false);
    });
  });
});
