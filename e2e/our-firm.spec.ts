/**
 * Our Firm Management (issue 24; spec 2): an administrator adds a paragraph to the About Us text in the editor and
 * saves it (the spec's toast); a visitor in another browser sees it on About Us on the next load. Save is disabled
 * while the editor is empty. The text is put back as it was at the end.
 */
import type { ContentReply } from '@portal/contract';
import { messagesSite } from '@portal/contract';
import { csrfToken } from './support/api.ts';
import { expect, expectAccessible, test, waitForSettled } from './support/fixtures.ts';

test.use({ account: 'admin' });

const m = messagesSite.ourFirm;
const signedOut = { cookies: [], origins: [] };

test('an admin edits Our Firm and a visitor sees it on About Us', async ({ page, browser, baseURL }) => {
  const before = (await (await page.request.get('/api/content')).json()) as ContentReply;
  const sentence = `Our research desk now covers frontier markets (${Date.now()}).`;
  try {
    await page.goto('/admin/OurFirmManagement');
    await waitForSettled(page);
    await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
    const editor = page.getByRole('textbox', { name: m.editorLabel });
    await expect(editor).toContainText('Independence');
    const save = page.getByRole('button', { name: m.save, exact: true });
    await expect(save).toBeEnabled();

    // An empty editor cannot be saved.
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await expect(save).toBeDisabled();
    await page.keyboard.press('ControlOrMeta+z');
    await expect(editor).toContainText('Independence');

    // A new last paragraph, saved.
    await editor.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(sentence);
    await expectAccessible(page, 'Our Firm editor with an unsaved change');
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: m.saved })).toBeVisible();

    // Another browser, not signed in: About Us has it on its next load.
    const visitor = await browser.newContext({ baseURL, storageState: signedOut });
    try {
      const about = await visitor.newPage();
      await about.goto('/about');
      await waitForSettled(about);
      await expect(about.getByRole('main').getByText(sentence)).toBeVisible();
    } finally {
      await visitor.close();
    }
  } finally {
    const restored = await page.request.post('/api/content/update', {
      headers: { 'x-csrf-token': await csrfToken(page.request) },
      data: { html: before.data.html },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
