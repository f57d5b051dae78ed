/**
 * Blog Management and the post editor (issue 14, spec 2 "Blog administration"): an admin writes a post with an
 * image by keyboard and toolbar, publishes it and a client reads it; a draft stays invisible to readers; blog tabs
 * reorder by keyboard (dnd-kit) and the order survives a reload.
 */

import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  type BlogInfo,
  type BlogInfosReply,
  messagesBlogs as mb,
  type PostReply,
  type ReportsReply,
} from '@portal/contract';
import { csrfToken } from './support/api.ts';
import { demoAccounts, expect, expectAccessible, signIn, test } from './support/fixtures.ts';

test.use({ account: 'admin' });

const m = mb.admin;
const e = m.editor;
const s = m.settings;
/** A second browser in a test starts signed out (contexts made in a test inherit the test's signed-in state). */
const signedOut = { cookies: [], origins: [] };

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
/** A real PNG, `width` x `height`, a band of two colours (wider than the editor's 400 px default). */
function pngFixture(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set(x < width / 2 ? [20, 60, 120] : [230, 160, 40], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function blogs(request: APIRequestContext): Promise<BlogInfo[]> {
  const res = await request.get('/api/blogs');
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as BlogInfosReply).data;
}

const editorText = (page: Page) => page.getByRole('textbox', { name: e.body });
const chooseBlog = async (page: Page, topic: string) => {
  await page.getByRole('combobox', { name: e.blog }).click();
  await page.getByRole('option', { name: topic, exact: true }).click();
};

test('an admin writes a post with an image by keyboard, publishes it, and a client reads it', async ({
  page,
  browser,
  baseURL,
}) => {
  const publicBlog = (await blogs(page.request)).find((blog) => blog.accessType === 'pre');
  expect(publicBlog, 'a Public Access blog in the demo content').toBeTruthy();
  const title = `Copper cathode premiums ${Date.now()}`;

  await page.goto('/admin/createPost');
  await expect(page.getByRole('heading', { level: 1, name: e.createTitle })).toBeVisible();
  const save = page.getByRole('button', { name: e.save, exact: true });
  await expect(save).toBeDisabled();

  await page.getByRole('textbox', { name: e.title }).fill(title);
  // Leaving with unsaved changes asks first; Stay keeps everything.
  await page.getByRole('link', { name: e.cancel }).click();
  const leave = page.getByRole('dialog').filter({ hasText: e.unsaved });
  await leave.getByRole('button', { name: e.stay }).click();
  await expect(leave).toBeHidden();
  await expect(page.getByRole('textbox', { name: e.title })).toHaveValue(title);
  // Typed and formatted by keyboard: Mod+B, then the toolbar reached with Tab and used with Enter.
  await editorText(page).click();
  await page.keyboard.type('Premiums in Shanghai rose for a third week. ');
  await expect(save).toBeEnabled();
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('Inventories are thin.');
  await page.keyboard.press('ControlOrMeta+b');
  await expect(editorText(page).locator('strong')).toHaveText('Inventories are thin.');
  await page.keyboard.press('Enter');
  const h2 = page.getByRole('button', { name: 'Heading 2' });
  await h2.focus();
  await page.keyboard.press('Enter');
  await editorText(page).focus();
  await page.keyboard.type('What to watch');
  await expect(editorText(page).locator('h2')).toHaveText('What to watch');

  // The image: the toolbar control by keyboard, a file, its alternative text, inserted at 400 px.
  await page.getByRole('button', { name: e.image }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: e.image });
  await dialog.getByLabel(e.imageFile).setInputFiles({
    name: 'premiums-chart.png',
    mimeType: 'image/png',
    buffer: pngFixture(800, 400),
  });
  await dialog.getByRole('textbox', { name: e.imageAlt }).fill('Copper premiums, Shanghai, last 12 weeks');
  await dialog.getByRole('button', { name: e.imageInsert }).click();
  await expect(dialog).toBeHidden();
  const image = editorText(page).getByRole('img', { name: 'Copper premiums, Shanghai, last 12 weeks' });
  await expect(image).toHaveAttribute('width', '400');
  await expect(image).toHaveAttribute('src', /posts/);
  await expectAccessible(page, 'the editor with an image');

  // Without a blog the save is refused on the field, and nothing typed is lost.
  await save.click();
  await expect(page.getByText(mb.validation.keyRequired)).toBeVisible();
  await expect(editorText(page).locator('strong')).toHaveText('Inventories are thin.');
  await chooseBlog(page, publicBlog!.topic);
  await save.click();
  await expect(page).toHaveURL(/\/admin\/createPost\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByRole('heading', { level: 1, name: e.editTitle })).toBeVisible();
  await expect(page.getByText(e.statusDraft, { exact: true })).toBeVisible();
  await expect(editorText(page).getByRole('img')).toHaveAttribute('width', '400');

  await page.getByRole('button', { name: m.publish, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: m.published })).toBeVisible();
  await expect(page.getByText(e.statusPublished, { exact: true })).toBeVisible();

  // Associated research: a report found by title, saved, and the post reloaded after the spec's delay.
  const reports = await page.request.get('/api/reports', { params: { type: 'all', pageSize: '5' } });
  const report = ((await reports.json()) as ReportsReply).data[0]!;
  await page
    .getByRole('searchbox', { name: e.researchSearch })
    .fill(report.title.split(' ').slice(0, 2).join(' '));
  await page.getByRole('button', { name: e.addReport(report.title), exact: true }).click();
  await page.getByRole('button', { name: e.researchSave }).click();
  await expect(page.getByRole('status').filter({ hasText: e.reloading })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: e.saved })).toBeVisible();
  await expect(page.getByRole('button', { name: e.removeReport(report.title), exact: true })).toBeVisible();

  // The admin's published list shows it.
  await page.goto('/admin/favorites');
  await expect(
    page
      .getByRole('table', { name: m.listLabel(m.toggle.published) })
      .getByRole('link', { name: title, exact: true }),
  ).toBeVisible();

  const client = await browser.newContext({ baseURL, storageState: signedOut });
  try {
    const reader = await client.newPage();
    await signIn(reader, demoAccounts.client);
    await reader.goto(`/post/${id}`);
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(reader.getByText('Inventories are thin.')).toBeVisible();
    await expect(reader.getByRole('img', { name: 'Copper premiums, Shanghai, last 12 weeks' })).toBeVisible();
    await expect(reader.getByRole('link', { name: report.title }).first()).toBeVisible();
    // A reader who is not an admin gets the refusal on the admin screens.
    await reader.goto('/admin/createPost');
    await expect(reader.getByRole('alert').filter({ hasText: m.adminOnly })).toBeVisible();
  } finally {
    await client.close();
  }
});

test('a draft stays invisible to readers until it is published, and is deleted after a confirmation', async ({
  page,
  browser,
  baseURL,
}) => {
  const blog = (await blogs(page.request)).find((item) => item.accessType === 'pre')!;
  const title = `Draft on nickel ${Date.now()}`;
  const created = await page.request.post('/api/blog/createPost', {
    headers: { 'x-csrf-token': await csrfToken(page.request) },
    data: {
      title,
      html: '<p>Not for readers yet.</p>',
      draft: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Not for readers yet.' }] }],
      },
      key: blog.key,
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const { id } = ((await created.json()) as PostReply).data;

  const client = await browser.newContext({ baseURL, storageState: signedOut });
  await signIn(await client.newPage(), demoAccounts.client);
  const anonymous = await browser.newContext({ baseURL, storageState: signedOut });
  try {
    for (const context of [client, anonymous]) {
      const reader = await context.newPage();
      await reader.goto(`/blogs/${blog.key}`);
      await expect(reader.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(reader.getByText(mb.reader.loading)).toHaveCount(0);
      await expect(reader.getByText(title)).toHaveCount(0);
      await reader.goto(`/post/${id}`);
      await expect(reader.getByText(mb.reader.postNotFound)).toBeVisible();
      await expect(reader.getByText('Not for readers yet.')).toHaveCount(0);
      const api = await context.request.get(`/api/post/${id}`);
      expect(api.status()).toBe(404);
    }
  } finally {
    await client.close();
    await anonymous.close();
  }

  // The admin finds it under Drafts, for that blog, and deletes it after the spec's confirmation.
  await page.goto('/admin/favorites');
  await page.getByText(m.toggle.drafts, { exact: true }).click();
  await page.getByRole('combobox', { name: m.blogFilter }).click();
  await page.getByRole('option', { name: blog.topic, exact: true }).click();
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `${m.delete} ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: m.confirmDeletePostTitle });
  await expect(confirm).toContainText(m.confirmDeletePost(title));
  await confirm.getByRole('button', { name: m.confirm }).click();
  await expect(page.getByRole('status').filter({ hasText: m.deleted })).toBeVisible();
  await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(0);
  expect((await page.request.get(`/api/post/${id}`)).status()).toBe(404);
});

test('blog tabs reorder by keyboard, the order survives a reload, and an empty blog is deleted', async ({
  page,
}) => {
  await page.goto('/admin/favorites?tab=settings');
  await expect(page.getByRole('tab', { name: m.tabs.settings })).toHaveAttribute('aria-selected', 'true');
  const before = (await blogs(page.request)).map((blog) => blog.key);

  // Add New: the new blog is selected, with the defaults in its form.
  await page.getByRole('button', { name: s.addNew }).click();
  await expect(page.getByRole('status').filter({ hasText: s.created })).toBeVisible();
  await expect(page.getByRole('textbox', { name: s.name, exact: true })).toHaveValue(s.newBlogTopic);
  const topic = `Metals desk ${Date.now()}`;
  await page.getByRole('textbox', { name: s.name, exact: true }).fill(topic);
  await page.getByRole('button', { name: s.save }).click();
  await expect(page.getByRole('status').filter({ hasText: s.saved })).toBeVisible();
  await expectAccessible(page, 'the blog settings form');
  const added = (await blogs(page.request)).find((blog) => blog.topic === topic)!;
  expect((await blogs(page.request)).map((blog) => blog.key)).toEqual([...before, added.key]);

  // Keyboard reordering: focus the handle, Space, ArrowLeft, Space; the new order is saved on drop.
  const handle = page.getByRole('button', { name: s.dragHandle(topic) });
  await handle.focus();
  const total = before.length + 1;
  // Each step waits for dnd-kit's announcement, so the next key finds the drag where the last one left it.
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText(s.moved(topic, total - 1, total))).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: s.orderSaved })).toBeVisible();
  const expected = [...before.slice(0, -1), added.key, ...before.slice(-1)];
  expect((await blogs(page.request)).map((blog) => blog.key)).toEqual(expected);

  await page.reload();
  const handles = page.getByRole('button', { name: /^Move / });
  await expect(handles).toHaveCount(expected.length);
  const names = await handles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
  const topics = new Map((await blogs(page.request)).map((blog) => [blog.key, blog.topic]));
  expect(names).toEqual(expected.map((key) => s.dragHandle(topics.get(key) ?? '')));

  // Delete the (empty) blog after the confirmation; the original order is back.
  await page.getByRole('button', { name: topic, exact: true }).click();
  await page.getByRole('button', { name: s.deleteBlog }).click();
  const confirm = page.getByRole('dialog', { name: m.confirmDeleteBlogTitle });
  await expect(confirm).toContainText(m.confirmDeleteBlog(topic));
  await confirm.getByRole('button', { name: m.confirm }).click();
  await expect(page.getByRole('status').filter({ hasText: s.deleted })).toBeVisible();
  expect((await blogs(page.request)).map((blog) => blog.key)).toEqual(before);
});
