/**
 * Biographies (issue 24; spec 2): an administrator edits an analyst's biography on the analyst's page and saves
 * it; a visitor in another browser reads the new text on the page's next load. Put back as it was at the end.
 */
import { messagesSite } from '@portal/contract';
import { csrfToken } from './support/api.ts';
import { expect, expectAccessible, test, waitForSettled } from './support/fixtures.ts';

test.use({ account: 'admin' });

const m = messagesSite.biography;
const signedOut = { cookies: [], origins: [] };

test("an admin edits an analyst's biography and a visitor reads it", async ({ page, browser, baseURL }) => {
  const analysts = (await (await page.request.get('/api/analysts')).json()).data as {
    id: number;
    name: string;
    description: string | null;
  }[];
  const analyst = analysts.at(-1)!;
  const sentence = `She also follows the region's listed utilities (${Date.now()}).`;
  try {
    await page.goto(`/analysts/${analyst.id}`);
    await waitForSettled(page);
    await page.getByRole('button', { name: m.edit }).click();
    const editor = page.getByRole('textbox', { name: m.editorLabel });
    await expect(editor).toBeVisible();
    await editor.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(sentence);
    await expectAccessible(page, 'biography editor with an unsaved change');
    await page.getByRole('button', { name: m.save }).click();
    await expect(page.getByRole('status').filter({ hasText: m.saved })).toBeVisible();
    await expect(page.getByRole('main').getByText(sentence)).toBeVisible();
    await expect(page.getByRole('button', { name: m.edit })).toBeVisible();

    const visitor = await browser.newContext({ baseURL, storageState: signedOut });
    try {
      const other = await visitor.newPage();
      await other.goto(`/analysts/${analyst.id}`);
      await waitForSettled(other);
      await expect(other.getByRole('main').getByText(sentence)).toBeVisible();
      await expect(other.getByRole('button', { name: m.edit })).toHaveCount(0);
    } finally {
      await visitor.close();
    }
  } finally {
    const restored = await page.request.post('/api/editBiography', {
      headers: { 'x-csrf-token': await csrfToken(page.request) },
      data: {
        iDescription_AttachToID: analyst.id,
        sDescription: analyst.description ?? '',
        cDescription_Entity: 'U',
      },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
