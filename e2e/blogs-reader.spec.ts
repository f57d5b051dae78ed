/**
 * Issue 14, the reader's side: a client reads a published post from its blog's landing and finds it in the site
 * search (results and suggestions); a draft is invisible to the client; an anonymous reader of a Registered User
 * Access post is sent to /login and lands back on the post after signing in; the admin sees in the post's
 * statistics the visit a client just made, closed by the leave call sent as the client moved on.
 * Fixtures (a blog, a published post and a draft) are made through the admin API, each worker its own.
 */
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import {
  type BlogInfosReply,
  type CurrentUserReply,
  messagesBlogs as mb,
  type PostReply,
} from '@portal/contract';
import { csrfToken } from './support/api.ts';
import { harnessEnv } from './support/environment.ts';
import {
  demoAccounts,
  demoPassword,
  expect,
  fillLogin,
  signIn,
  test,
  waitForSettled,
} from './support/fixtures.ts';

interface Fixtures {
  api: APIRequestContext;
  csrf: string;
  key: string;
  topic: string;
  disclaimer: string;
  authorEmail: string;
  word: string;
  published: { id: number; title: string };
  draft: { id: number; title: string };
}

let fx: Fixtures | undefined;
/** A context made in a test starts with the test's signed-in state unless told otherwise. */
const signedOut = { cookies: [], origins: [] };

async function adminCall(method: 'GET' | 'POST', path: string, data?: unknown) {
  const { api, csrf } = fx!;
  const res =
    method === 'GET'
      ? await api.get(path, { headers: { 'x-csrf-token': csrf } })
      : await api.post(path, { headers: { 'x-csrf-token': csrf }, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return res.json();
}

async function createPost(key: string, title: string, text: string) {
  const html = `<p>${text}</p>`;
  const draft = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] };
  const reply = (await adminCall('POST', '/api/blog/createPost', { title, html, draft, key })) as PostReply;
  return { id: reply.data.id, title };
}

test.beforeAll(async () => {
  // Its own cookie jar: a context made here inherits the first test's signed-in state, and signing the admin in
  // over the shared client session would end that session for every other test of the worker.
  const api = await playwrightRequest.newContext({ baseURL: harnessEnv().baseURL, storageState: signedOut });
  const login = await api.post('/api/users/login', {
    headers: { 'x-csrf-token': await csrfToken(api) },
    data: { email: demoAccounts.admin, password: demoPassword },
  });
  expect(login.status(), await login.text()).toBe(200);
  const csrf = login.headers()['x-csrf-token'];
  expect(csrf).toBeTruthy();
  // Letters only: the search's word handling stems and splits, a made-up word stays one findable token.
  const suffix = Array.from({ length: 8 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join('');
  const word = `zircon${suffix}`;
  // The demo's Registered User Access blog: a blog made here would race the blog-admin spec, whose tab order test
  // runs in another worker and counts the blogs.
  const blogsReply = (await (await api.get('/api/blogs')).json()) as BlogInfosReply;
  const blog = blogsReply.data.find((b) => b.key === 'keyword1' && b.accessType === 'npi');
  expect(blog, 'the demo blog keyword1 (npi)').toBeTruthy();
  expect(
    blog!.footerHTML && blog!.author?.email,
    'the demo blog has a disclaimer and an author',
  ).toBeTruthy();
  fx = {
    api,
    csrf: csrf!,
    key: blog!.key,
    topic: blog!.topic,
    word,
    // a sentence of the disclaimer (its HTML's first text after any label) and the author's address
    disclaimer: blog!
      .footerHTML!.replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .split('. ')[1]!,
    authorEmail: blog!.author!.email,
  } as Fixtures;
  fx.published = await createPost(
    fx.key,
    `Smelter margins ${suffix}`,
    `Spot treatment charges for ${word} concentrate fell again this week as smelters competed for feed.`,
  );
  await adminCall('GET', `/api/publishPost?id=${fx.published.id}&key=${fx.key}`);
  fx.draft = await createPost(
    fx.key,
    `Unfinished draft ${suffix}`,
    `A draft about ${word} nobody reads yet.`,
  );
});

test.afterAll(async () => {
  if (!fx) return;
  for (const post of [fx.published, fx.draft]) {
    if (post) await fx.api.get(`/api/post/delete?id=${post.id}`, { headers: { 'x-csrf-token': fx.csrf } });
  }
  await fx.api.dispose();
});

test.describe('a signed-in client', () => {
  test.use({ account: 'client' });

  test('reads a published post from its blog and finds it in search and in the suggestions', async ({
    page,
  }) => {
    const { key, topic, word, published, disclaimer, authorEmail } = fx!;
    await page.goto(`/blogs/${key}`);
    await expect(page.getByRole('heading', { level: 1, name: topic })).toBeVisible();
    await page.getByRole('link', { name: published.title }).click();
    await expect(page).toHaveURL(new RegExp(`/post/${published.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: published.title })).toBeVisible();
    await expect(page.getByRole('article').getByText(`${word} concentrate`)).toBeVisible();
    await expect(page.getByText(disclaimer, { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: authorEmail })).toBeVisible();
    await expect(page.getByRole('link', { name: mb.reader.backToBlog(topic) })).toBeVisible();
    await expect(page.getByRole('button', { name: mb.reader.statistics })).toHaveCount(0);

    await page.goto(`/search?q=${word}`);
    const posts = page.getByRole('region', { name: new RegExp(`^${mb.search.posts}`) });
    await expect(posts.getByRole('link', { name: published.title })).toBeVisible();
    await expect(posts.locator('mark').first()).toHaveText(new RegExp(word, 'i'));
    await expect(posts.getByText(/Unfinished draft/)).toHaveCount(0);

    const box = page.getByRole('combobox', { name: 'Search research' });
    await box.fill(word);
    const group = page.getByRole('group', { name: mb.search.posts });
    await expect(group.getByRole('option', { name: new RegExp(published.title) })).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/post/${published.id}$`));
    await waitForSettled(page);
  });

  test('does not see a draft: not on the landing, and its page says it does not exist', async ({ page }) => {
    const { key, published, draft } = fx!;
    await page.goto(`/blogs/${key}`);
    await expect(page.getByRole('link', { name: published.title })).toBeVisible();
    await expect(page.getByText(draft.title)).toHaveCount(0);
    await page.goto(`/post/${draft.id}`);
    await expect(page.getByRole('heading', { level: 1, name: mb.reader.postNotFound })).toBeVisible();
    await expect(page.getByText(draft.title)).toHaveCount(0);
  });
});

test.describe('an anonymous reader', () => {
  test('of a Registered User Access post signs in and lands back on the post', async ({ page }) => {
    const { key, published } = fx!;
    await page.goto(`/blogs/${key}`);
    const card = page.getByRole('article').filter({ hasText: published.title });
    await expect(card.getByText(mb.reader.signInToRead)).toBeVisible();
    await card.getByRole('link', { name: published.title }).click();
    await expect(page).toHaveURL(/\/login\?redirectUrl=/);
    expect(new URL(page.url()).searchParams.get('redirectUrl')).toBe(`/post/${published.id}`);
    await fillLogin(page, demoAccounts.client, demoPassword);
    await expect(page).toHaveURL(new RegExp(`/post/${published.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: published.title })).toBeVisible();
    await waitForSettled(page);
  });
});

test.describe('the admin', () => {
  test.use({ account: 'admin' });

  test("sees the statistics of a client's visit, closed as the client moved on", async ({
    page,
    browser,
    baseURL,
  }) => {
    const { key, published, draft } = fx!;
    const client = await browser.newContext({ baseURL, storageState: signedOut });
    try {
      const reader = await client.newPage();
      await signIn(reader, demoAccounts.client);
      const me = (await (await reader.request.get('/api/users/me')).json()) as CurrentUserReply;
      const clientName = me.data!.full_name;
      await reader.goto(`/post/${published.id}`);
      await expect(reader.getByRole('heading', { level: 1, name: published.title })).toBeVisible();
      const left = reader.waitForResponse((r) => r.url().includes(`/api/post/leave/${published.id}?visit=`));
      await reader.getByRole('link', { name: mb.reader.backToBlog(fx!.topic) }).click();
      expect((await left).status()).toBe(200);

      await page.goto(`/post/${published.id}`);
      await expect(page.getByRole('heading', { level: 1, name: published.title })).toBeVisible();
      await expect(page.getByRole('link', { name: mb.reader.edit })).toHaveAttribute(
        'href',
        `/admin/createPost?id=${published.id}`,
      );
      await page.getByRole('button', { name: mb.reader.statistics }).click();
      const dialog = page.getByRole('dialog', { name: mb.stats.title });
      const row = dialog.getByRole('row').filter({ hasText: clientName }).first();
      await expect(row).toBeVisible();
      const cells = row.getByRole('cell');
      // Exit time written by the leave call, and a measured time (no 'estimated' mark).
      await expect(cells.nth(3)).not.toHaveText('');
      await expect(cells.nth(4)).toHaveText(/^\d+\.\d{2}$/);
      await expect(dialog.getByText(/^Average time spent: \d+\.\d{2} minutes$/)).toBeVisible();

      // The admin also sees the draft, marked as one.
      await page.keyboard.press('Escape');
      await page.goto(`/post/${draft.id}`);
      await expect(page.getByText(mb.reader.draftBanner)).toBeVisible();
      await expect(page.getByRole('link', { name: mb.reader.backToBlog(fx!.topic) })).toHaveAttribute(
        'href',
        `/blogs/${key}`,
      );
      await waitForSettled(page);
    } finally {
      await client.close();
    }
  });
});
