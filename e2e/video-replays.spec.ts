/**
 * Video replays (issue 25): the demo's replays, encoded from slides and espeak-ng speech at the first seed, play in
 * the player: `?time=30` starts near 30 s, the film advances, a speed change applies, the transcript highlights the
 * line being spoken and a click on a line plays from there; an admin's transcript edit persists after a reload (and
 * is put back at the end). The list shows the replays and the save toggle fills the Saved panel.
 */
import type { Page } from '@playwright/test';
import { messagesVideos as m, type TranscriptReply, type VideoItem } from '@portal/contract';
import { csrfToken } from './support/api.ts';
import { expect, expectAccessible, header, test, waitForSettled } from './support/fixtures.ts';

test.use({ account: 'admin' });

const currentTime = (page: Page) =>
  page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

test('a replay plays from ?time=, at a chosen speed, with its transcript following and seeking', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const list = (await (await page.request.get('/api/videos')).json()) as { data: VideoItem[] };
  const replay = list.data.find((video) => video.transcript_path !== null && video.eventId !== null);
  expect(replay, 'a demo replay of a CONNECT event with a transcript').toBeDefined();
  const stored = (await (await page.request.get(`/api${replay!.transcript_path}`)).json()) as TranscriptReply;

  await page.goto(`/connect/videos/${replay!.id}?time=30`);
  await waitForSettled(page);
  await expect(page.getByRole('heading', { level: 1, name: replay!.title })).toBeVisible();
  await expect(page.getByRole('link', { name: m.back })).toHaveAttribute('href', '/connect/videos');
  // The player's message (msg), stored HTML shown sanitised: when and where the event was recorded.
  await expect(page.getByText(/^Recorded at .+ on \d{1,2} \w+ \d{4}\./)).toBeVisible();
  const video = page.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(29.5);
  expect(await currentTime(page)).toBeLessThan(31);

  // It plays (muted: no gesture in a test browser), and the film advances.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(31);

  // A speed change applies to the film.
  await page.getByLabel(m.speed).selectOption('1.5');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);

  // The line being spoken is highlighted: the last line started by now.
  const transcript = page.getByRole('list', { name: m.transcriptLabel });
  const current = transcript.locator('button[aria-current="true"]');
  await expect(current).toHaveCount(1);
  const spoken = stored.data.filter((entry) => {
    const [h, mm, s] = entry.instances[0]!.start.split(':').map(Number);
    return h! * 3600 + mm! * 60 + s! <= 31;
  });
  await expect(current).toContainText(spoken.at(-1)!.text.slice(0, 30));

  // A click on a later line plays from there, and highlights it.
  const target = stored.data[Math.min(stored.data.length - 1, spoken.length + 3)]!;
  const [h, mm, s] = target.instances[0]!.start.split(':').map(Number);
  const targetStart = h! * 3600 + mm! * 60 + s!;
  await transcript.getByRole('button', { name: new RegExp(escapeRegExp(target.text.slice(0, 25))) }).click();
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(targetStart - 0.1);
  expect(await currentTime(page)).toBeLessThan(targetStart + 3);
  await expect(current).toContainText(target.text.slice(0, 30));
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await expectAccessible(page, 'replay player with its transcript');
});

test("an admin's transcript edit persists after a reload", async ({ page }) => {
  const list = (await (await page.request.get('/api/videos')).json()) as { data: VideoItem[] };
  const replay = list.data.find((video) => video.transcript_path !== null)!;
  const before = (await (await page.request.get(`/api${replay.transcript_path}`)).json()) as TranscriptReply;
  const first = before.data[0]!;
  const edited = `${first.text} (corrected)`;
  try {
    await page.goto(`/connect/videos/${replay.id}`);
    await waitForSettled(page);
    await page.getByRole('button', { name: m.edit }).click();
    // Save shows only once something changed (the spec's dirty flag).
    await expect(page.getByRole('button', { name: m.saveTranscript })).toHaveCount(0);
    const box = page.getByRole('textbox', { name: m.editLine('0:00') });
    await box.fill(edited);
    await expectAccessible(page, 'transcript being edited');
    await page.getByRole('button', { name: m.saveTranscript }).click();
    await expect(page.getByRole('alert').filter({ hasText: m.transcriptUpdated })).toBeVisible();
    await page.reload();
    await waitForSettled(page);
    await expect(
      page.getByRole('list', { name: m.transcriptLabel }).getByRole('button').first(),
    ).toContainText(edited);
  } finally {
    const now = (await (await page.request.get(`/api${replay.transcript_path}`)).json()) as TranscriptReply;
    const restored = await page.request.post(`/api/transcript/${replay.id}`, {
      headers: { 'x-csrf-token': await csrfToken(page.request) },
      data: { transcript: before.data, version: now.version },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});

test('the replay list, and a saved replay in the Saved panel', async ({ page }) => {
  await page.goto('/connect/videos');
  await waitForSettled(page);
  await expect(page.getByRole('heading', { level: 1, name: m.listTitle })).toBeVisible();
  const cards = page.getByRole('list', { name: m.listLabel }).getByRole('listitem');
  await expect(cards).toHaveCount(4);
  await expectAccessible(page, 'replay list');
  const title = (await cards.first().getByRole('heading').textContent())!.trim();
  await cards.first().getByRole('link').click();
  await waitForSettled(page);
  const save = page.getByRole('button', { name: m.save, exact: true });
  await save.click();
  await expect(page.getByRole('button', { name: m.unsave, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const saved = page.getByRole('complementary').getByRole('region', { name: m.saved });
  await expect(saved.getByRole('link', { name: title })).toBeVisible();
  // back to unsaved, as it was
  await page.getByRole('button', { name: m.unsave, exact: true }).click();
  await expect(saved.getByRole('link', { name: title })).toHaveCount(0);
});

test('a replay opened from the side panel of another plays its own film', async ({ page }) => {
  const list = (await (await page.request.get('/api/videos')).json()) as { data: VideoItem[] };
  // (the third and fourth replays: the Saved panel test beside it, as the same admin, saves the first)
  const [, , first, second] = list.data;
  await page.goto(`/connect/videos/${first!.id}`);
  await waitForSettled(page);
  await page.getByRole('button', { name: m.save, exact: true }).click();
  await expect(page.getByRole('button', { name: m.unsave, exact: true })).toBeVisible();
  await page.goto(`/connect/videos/${second!.id}`);
  await waitForSettled(page);
  // the Saved panel's link: a navigation inside the app, to the same screen with another replay
  const saved = page.getByRole('complementary').getByRole('region', { name: m.saved });
  await saved.getByRole('link', { name: first!.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: first!.title })).toBeVisible();
  // the film's signed URL names the replay it opens
  const filmOf = async () => {
    const src = await page.locator('video').evaluate((v: HTMLVideoElement) => v.currentSrc || v.src);
    const payload = src.split('/videos/files/')[1]!.split('.')[0]!;
    return JSON.parse(Buffer.from(payload, 'base64url').toString())[1] as number;
  };
  await expect.poll(filmOf).toBe(first!.id);
  await page.getByRole('button', { name: m.unsave, exact: true }).click();
  await expect(saved.getByRole('link', { name: first!.title })).toHaveCount(0);
});

test('a word spoken in a replay, found through the header search, opens the replay at its second', async ({
  page,
}) => {
  const list = (await (await page.request.get('/api/videos')).json()) as { data: VideoItem[] };
  const replay = list.data.find((video) => video.transcript_path !== null && video.eventId !== null)!;
  const stored = (await (await page.request.get(`/api${replay.transcript_path}`)).json()) as TranscriptReply;
  // A long word from a line a few lines in (so that its second is not 0), and where the search puts it.
  const word = stored.data[4]!.text.split(/[^A-Za-z]+/)
    .find((w) => w.length > 7)!
    .toLowerCase();
  const found = (await (await page.request.get(`/api/videos/search?q=${word}`)).json()) as {
    data: { id: number; hits: { second: number }[] }[];
  };
  const second = found.data.find((video) => video.id === replay.id)!.hits[0]!.second;

  await page.goto('/home');
  await waitForSettled(page);
  const box = header(page).getByRole('combobox', { name: 'Search research' });
  await box.fill(word);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${word}”`);
  const group = page.getByRole('region', { name: m.searchTitle });
  await expect(group.getByRole('link', { name: replay.title })).toHaveAttribute(
    'href',
    `/connect/videos/${replay.id}?time=${second}`,
  );
  await expectAccessible(page, 'search results with replays');
  await group.locator(`a[href="/connect/videos/${replay.id}?time=${second}"]`).last().click();
  await expect(page).toHaveURL(new RegExp(`/connect/videos/${replay.id}\\?time=${second}$`));
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(second - 0.5);
  expect(await currentTime(page)).toBeLessThan(second + 1.5);
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a film whose signed URL stopped opening is asked for again, and starts where it would have', async ({
  page,
}) => {
  const list = (await (await page.request.get('/api/videos')).json()) as { data: VideoItem[] };
  const replay = list.data[0]!;
  // The first request of the film answers as an expired URL does (410); the player asks for a new URL.
  let refused = 0;
  await page.route('**/api/videos/files/**', async (route) => {
    if (refused === 0 && route.request().resourceType() === 'media') {
      refused += 1;
      return route.fulfill({ status: 410, contentType: 'application/json', body: '{"success":false}' });
    }
    return route.continue();
  });
  await page.goto(`/connect/videos/${replay.id}?time=20`);
  const video = page.locator('video');
  await expect.poll(() => refused).toBe(1);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(19.5);
});

test.describe('a visitor who is not signed in', () => {
  test.use({ account: null });
  test('is sent to sign in from a replay, and back to it after', async ({ page }) => {
    await page.goto('/connect/videos/1?time=5');
    await page.waitForURL('**/login?redirectUrl=*');
    expect(new URL(page.url()).searchParams.get('redirectUrl')).toBe('/connect/videos/1?time=5');
  });
});
