/**
 * Team Management's profile modal and pictures in biographies (issue 24; spec 2 "Team Management", "Biographies",
 * sections 5 and 8): an administrator edits a member's profile with a valid photo (253 x 205) and a visitor sees it
 * on the analyst's page; a photo of the wrong size is refused with the spec's message before it is sent. Then a
 * biography gets a picture through the editor's image button (400 px) and a visitor sees it. Put back at the end
 * (the photo stays: it is only replaced).
 */

import type { APIRequestContext } from '@playwright/test';
import { analystPhotoMessages, messagesBlogs, messagesSite } from '@portal/contract';
import sharp from 'sharp';
import { csrfToken } from './support/api.ts';
import { expect, expectAccessible, test, waitForSettled } from './support/fixtures.ts';

test.use({ account: 'admin' });

const m = messagesSite.team.profile;
const signedOut = { cookies: [], origins: [] };

interface Member {
  id: number;
  name: string;
  designation: string;
  email: string;
  phone: string;
  country: string;
  description: string | null;
  image_path: string | null;
  is_our_people: boolean;
}

const picture = (width: number, height: number, background = '#2d5f8b') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

const team = async (request: APIRequestContext) =>
  ((await (await request.get('/api/analysts')).json()) as { data: Member[] }).data;

/** Writes a profile's fields back as they were (multipart, as the modal sends them, without a photo). */
const restoreProfile = async (request: APIRequestContext, member: Member) => {
  const reply = await request.post(`/api/analysts/updateAnalyst?id=${member.id}`, {
    headers: { 'x-csrf-token': await csrfToken(request) },
    multipart: {
      name: member.name,
      designation: member.designation,
      email: member.email,
      phone: member.phone,
      country: member.country,
      description: member.description ?? '',
    },
  });
  expect(reply.status(), await reply.text()).toBe(200);
};

test("an admin edits a member's profile with a photo, and a visitor sees it; a wrong photo is refused", async ({
  page,
  browser,
  baseURL,
}) => {
  const members = await team(page.request);
  // One in the middle of the list: the order tests move the first ones.
  const member = members.filter((p) => p.is_our_people).at(-2)!;
  const designation = `Head of Regional Strategy ${Date.now() % 100_000}`;
  try {
    await page.goto('/admin/team-management');
    await waitForSettled(page);
    await page.getByRole('button', { name: m.edit(member.name) }).click();
    const dialog = page.getByRole('dialog', { name: m.title(member.name) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: m.name })).toHaveValue(member.name);

    // Letters and spaces only in the name, as it is typed.
    const name = dialog.getByRole('textbox', { name: m.name });
    await name.pressSequentially('9');
    await expect(name).toHaveValue(member.name);
    await dialog.getByRole('textbox', { name: m.designation }).fill(designation);
    await dialog.getByLabel(m.photo).setInputFiles({
      name: 'portrait.png',
      mimeType: 'image/png',
      buffer: await picture(253, 205, '#c0392b'),
    });
    await expect(dialog.getByRole('img', { name: m.photoChosen })).toBeVisible();
    await expectAccessible(page, 'the profile modal with a new photo');
    await dialog.getByRole('button', { name: m.save }).click();
    await expect(page.getByRole('alert').filter({ hasText: m.saved(member.name) })).toBeVisible();
    await expect(dialog).toBeHidden();

    const saved = (await team(page.request)).find((p) => p.id === member.id)!;
    expect(saved.designation).toBe(designation);
    expect(saved.image_path).toMatch(new RegExp(`^analysts/analyst-${member.id}-[0-9a-f]{16}\\.png$`));

    // A visitor (another browser, not signed in) sees the new designation and photo on the analyst's page.
    const visitor = await browser.newContext({ baseURL, storageState: signedOut });
    try {
      const other = await visitor.newPage();
      await other.goto(`/analysts/${member.id}`);
      await waitForSettled(other);
      const main = other.getByRole('main');
      await expect(main.getByText(designation)).toBeVisible();
      await expect(main.locator(`img[src$="${saved.image_path}"]`)).toBeVisible();
    } finally {
      await visitor.close();
    }

    // A photo of the wrong size is refused before it is sent, with the spec's message; nothing is saved.
    await page.getByRole('button', { name: m.edit(member.name) }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(m.photo).setInputFiles({
      name: 'wide.png',
      mimeType: 'image/png',
      buffer: await picture(300, 205),
    });
    await expect(dialog.getByRole('alert').filter({ hasText: analystPhotoMessages.wrongSize })).toBeVisible();
    await expectAccessible(page, 'the profile modal with a refused photo');
    await dialog.getByRole('button', { name: m.save }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(m.photo)).toBeFocused();
    // Closing with nothing changed closes at once.
    await dialog.getByRole('button', { name: m.cancel }).click();
    await expect(dialog).toBeHidden();
    expect((await team(page.request)).find((p) => p.id === member.id)?.image_path).toBe(saved.image_path);
  } finally {
    await restoreProfile(page.request, member);
  }
});

test('an admin inserts a picture in a biography, and a visitor sees it', async ({
  page,
  browser,
  baseURL,
}) => {
  const e = messagesBlogs.admin.editor;
  const b = messagesSite.biography;
  const member = (await team(page.request)).at(-3)!;
  const alt = `Coverage map ${Date.now() % 100_000}`;
  try {
    await page.goto(`/analysts/${member.id}`);
    await waitForSettled(page);
    await page.getByRole('button', { name: b.edit }).click();
    const editor = page.getByRole('textbox', { name: b.editorLabel });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.getByRole('button', { name: e.image }).click();
    const dialog = page.getByRole('dialog', { name: e.image });
    await dialog.getByLabel(e.imageFile).setInputFiles({
      name: 'coverage-map.png',
      mimeType: 'image/png',
      buffer: await picture(800, 400, '#1f7a4d'),
    });
    await dialog.getByRole('textbox', { name: e.imageAlt }).fill(alt);
    await dialog.getByRole('button', { name: e.imageInsert }).click();
    await expect(dialog).toBeHidden();
    const inserted = editor.getByRole('img', { name: alt });
    await expect(inserted).toHaveAttribute('width', '400');
    await expect(inserted).toHaveAttribute('src', /\/api\/media\/posts\//);
    await expectAccessible(page, 'the biography editor with a picture');
    await page.getByRole('button', { name: b.save }).click();
    await expect(page.getByRole('status').filter({ hasText: b.saved })).toBeVisible();

    const visitor = await browser.newContext({ baseURL, storageState: signedOut });
    try {
      const other = await visitor.newPage();
      await other.goto(`/analysts/${member.id}`);
      await waitForSettled(other);
      const shown = other.getByRole('main').getByRole('img', { name: alt });
      await expect(shown).toBeVisible();
      // at the editor's width (400 px), never wider
      expect((await shown.boundingBox())?.width).toBeLessThanOrEqual(400);
      await expectAccessible(other, 'an analyst page with a picture in the biography');
    } finally {
      await visitor.close();
    }
  } finally {
    const restored = await page.request.post('/api/editBiography', {
      headers: { 'x-csrf-token': await csrfToken(page.request) },
      data: {
        iDescription_AttachToID: member.id,
        sDescription: member.description ?? '',
        cDescription_Entity: 'U',
      },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
