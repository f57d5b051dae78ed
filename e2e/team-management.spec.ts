/**
 * Team Management (issue 24; spec 2 "Sort Our People"): an administrator moves a person up by keyboard (dnd-kit's
 * keyboard sensor: Space, ArrowUp, Space), saves the order, and a visitor in another browser sees the new order
 * on /people; then hides one of them from Our People (after a confirmation) and shows them again. The order is put
 * back as it was at the end.
 */
import { messagesSite } from '@portal/contract';
import { csrfToken } from './support/api.ts';
import { expect, expectAccessible, test, waitForSettled } from './support/fixtures.ts';

test.use({ account: 'admin' });

const m = messagesSite.team;
const signedOut = { cookies: [], origins: [] };

test('an admin reorders Our People by keyboard and a visitor sees it on /people', async ({
  page,
  browser,
  baseURL,
}) => {
  const stored = (await (await page.request.get('/api/analysts')).json()) as {
    data: { id: number; name: string; sJobCat: string; is_our_people: boolean }[];
  };
  // Two neighbours of one category, both in Our People (/people shows one category at a time).
  const at = stored.data.findIndex(
    (p, i) =>
      i > 0 &&
      p.is_our_people &&
      stored.data[i - 1]!.is_our_people &&
      p.sJobCat === stored.data[i - 1]!.sJobCat,
  );
  expect(at, 'two people of one category next to each other').toBeGreaterThan(0);
  const first = stored.data[at - 1]!;
  const second = stored.data[at]!;
  try {
    await page.goto('/admin/team-management');
    await waitForSettled(page);
    await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
    const rowNames = page.getByRole('table', { name: m.tableLabel }).locator('tbody th');
    await expect(rowNames.nth(at - 1)).toHaveText(first.name);
    const save = page.getByRole('button', { name: m.save });
    await expect(save).toBeDisabled();

    // The second person moves to the top by keyboard.
    const handle = page.getByRole('button', { name: m.dragHandle(second.name) });
    await handle.focus();
    const total = stored.data.length;
    // Each step waits for dnd-kit's announcement, so the next key finds the drag where the last one left it.
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText(m.moved(second.name, at, total))).toBeAttached();
    await page.keyboard.press('Space');
    await expect(rowNames.nth(at - 1)).toHaveText(second.name);
    await expect(rowNames.nth(at)).toHaveText(first.name);
    await expectAccessible(page, 'Team Management with an unsaved order');
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: m.saved })).toBeVisible();
    await expect(save).toBeDisabled();

    // Another browser, not signed in: /people (their category's tab) lists the second person before the first.
    const visitor = await browser.newContext({ baseURL, storageState: signedOut });
    try {
      const people = await visitor.newPage();
      await people.goto('/people');
      await waitForSettled(people);
      const tab = people.getByRole('tab', { name: first.sJobCat });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      const names = people.getByRole('main').getByRole('heading', { level: 3 });
      await expect(names.filter({ hasText: first.name })).toBeVisible();
      const order = await names.allTextContents();
      expect(order.indexOf(second.name)).toBeGreaterThanOrEqual(0);
      expect(order.indexOf(second.name)).toBeLessThan(order.indexOf(first.name));
    } finally {
      await visitor.close();
    }

    // Hidden from Our People after a confirmation, then shown again.
    await page.getByRole('button', { name: m.hide(first.name) }).click();
    const dialog = page.getByRole('dialog', { name: m.hideTitle });
    await expect(dialog).toContainText(m.hideConfirm(first.name));
    await dialog.getByRole('button', { name: m.hideYes }).click();
    await expect(page.getByRole('alert').filter({ hasText: m.hidden(first.name) })).toBeVisible();
    const ourPeople = async () =>
      ((await (await page.request.get('/api/overall/ourPeople')).json()).data as { id: number }[]).map(
        (p) => p.id,
      );
    expect(await ourPeople()).not.toContain(first.id);
    await page.getByRole('button', { name: m.show(first.name) }).click();
    await expect(page.getByRole('alert').filter({ hasText: m.restored(first.name) })).toBeVisible();
    expect(await ourPeople()).toContain(first.id);
  } finally {
    const sortValue = Object.fromEntries(stored.data.map((person, index) => [String(person.id), index]));
    const restored = await page.request.post('/api/overall/sortOurPeople', {
      headers: { 'x-csrf-token': await csrfToken(page.request) },
      data: { sortValue },
    });
    expect(restored.status(), await restored.text()).toBe(200);
    const shown = await page.request.post('/api/overall/updateOurPeople', {
      headers: { 'x-csrf-token': await csrfToken(page.request) },
      data: { id: first.id, isOurPeople: true },
    });
    expect(shown.status(), await shown.text()).toBe(200);
  }
});
