/**
 * Watermark and parameters (issue 24): an administrator adds a watermark configuration on the watermark settings
 * screen, sees its live preview change as the text and the alignment change, saves it, and the stamped 50-page demo
 * PDF opened in the viewer carries the new text in its own text layer (the next request after the save). A value
 * the server refuses shows at its field. On the parameters screen the administrator edits a text parameter and
 * saves it. Both screens pass axe; the stored values are put back at the end.
 */
import {
  type AdminParametersReply,
  messagesSettingsAdmin,
  type ReportsReply,
  reportPath,
  watermarkParameterName,
} from '@portal/contract';
import { csrfToken } from './support/api.ts';
import { expect, expectAccessible, test, waitForSettled } from './support/fixtures.ts';

test.use({ account: 'admin' });

const m = messagesSettingsAdmin;
const yearbookTitle = 'Asia Semiconductor Yearbook: fifty pages on foundry, memory and the AI build-out';
const parameterName = 'sWebEmlHdPubType';

test('an admin adds a watermark, sees the preview, saves, and the stamped report carries it', async ({
  page,
}) => {
  const before = ((await (await page.request.get('/api/admin/parameters')).json()) as AdminParametersReply)
    .data;
  const stored = before.find((p) => p.name === watermarkParameterName)!.value!;
  const me = (await (await page.request.get('/api/users/me')).json()) as { data: { full_name: string } };
  const stamp = `Reviewed copy ${Date.now().toString(36)}`;
  try {
    await page.goto('/admin/watermark');
    await waitForSettled(page);
    await expect(page.getByRole('heading', { level: 1, name: m.watermark.title })).toBeVisible();
    const existing = await page.getByRole('region', { name: /^Configuration \d+$/ }).count();
    expect(existing).toBeGreaterThan(0);

    // A new configuration, at the end, with the contract's defaults: the reader's name in the middle of every page.
    await page.getByRole('button', { name: m.watermark.add }).click();
    const config = page.getByRole('region', { name: m.watermark.config(existing + 1) });
    const preview = config.getByRole('img', { name: /Preview of configuration/ });
    await expect(preview).toContainText('Jane Sample');
    const mark = preview.getByTestId('watermark-mark').locator('text').first();
    const middleY = Number(await mark.getAttribute('y'));

    // The text and the alignment change the preview at once.
    await config.getByRole('textbox', { name: m.watermark.fields.text }).fill(`${stamp} for @@ClientName@@`);
    await expect(preview).toContainText(`${stamp} for Jane Sample`);
    await config.getByRole('combobox', { name: m.watermark.fields.yAlign }).selectOption('Top');
    await config.getByRole('textbox', { name: m.watermark.fields.heightMul }).fill('0.1');
    await config.getByRole('textbox', { name: m.watermark.fields.fontSize }).fill('11');
    await expect.poll(async () => Number(await mark.getAttribute('y'))).toBeLessThan(middleY / 2);

    // A value the contract refuses shows at its field, and nothing is sent.
    const pages = config.getByRole('textbox', { name: m.watermark.fields.pages });
    await pages.fill('5-2');
    await expect(preview).not.toContainText(stamp);
    await page.getByRole('button', { name: m.watermark.save }).click();
    await expect(pages).toHaveAttribute('aria-invalid', 'true');
    await expect(config.getByText(m.errors.pages)).toBeVisible();
    await expect(pages).toBeFocused();
    await pages.fill('1');
    await expect(preview).toContainText(stamp);
    await expectAccessible(page, 'watermark settings with a new configuration');

    await page.getByRole('button', { name: m.watermark.save }).click();
    await expect(page.getByRole('alert').filter({ hasText: m.watermark.saved })).toBeVisible();

    // The next copy of a PDF is stamped with it: the viewer's text layer of page 1 holds the new text.
    const search = await page.request.get('/api/reports', {
      params: { type: 'all', q: 'Semiconductor Yearbook' },
    });
    const yearbook = ((await search.json()) as ReportsReply).data.find((r) => r.title === yearbookTitle);
    expect(yearbook, 'the 50-page demo PDF').toBeTruthy();
    await page.goto(reportPath(yearbook!.id, yearbook!.title));
    const layer = page.getByRole('figure', { name: 'Page 1 of 50' }).locator('.textLayer');
    await expect(layer).toContainText(`${stamp} for ${me.data.full_name}`, { timeout: 20_000 });
    // the configuration names page 1 only
    await page
      .getByRole('navigation', { name: 'Report pages' })
      .getByRole('button', { name: 'Next page' })
      .click();
    await expect(page.getByRole('figure', { name: 'Page 2 of 50' }).locator('.textLayer')).toContainText(
      'Page 2',
      { timeout: 20_000 },
    );
    await expect(page.getByRole('figure', { name: 'Page 2 of 50' }).locator('.textLayer')).not.toContainText(
      stamp,
    );
  } finally {
    const restored = await page.request.post(`/api/admin/parameters/${watermarkParameterName}`, {
      headers: { 'x-csrf-token': await csrfToken(page.request) },
      data: { value: stored },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});

test('an admin edits a parameter on the parameters screen', async ({ page }) => {
  const list = async () =>
    ((await (await page.request.get('/api/admin/parameters')).json()) as AdminParametersReply).data;
  const before = (await list()).find((p) => p.name === parameterName)!.value ?? '';
  const next = `Research Note ${Date.now().toString(36)}`;
  try {
    await page.goto('/admin/parameters');
    await waitForSettled(page);
    await expect(page.getByRole('heading', { level: 1, name: m.parameters.title })).toBeVisible();
    const card = page.getByRole('article', { name: parameterName });
    const input = card.getByRole('textbox', { name: parameterName });
    await expect(input).toHaveValue(before);
    const save = card.getByRole('button', { name: `${m.parameters.save} ${parameterName}` });
    await expect(save).toBeDisabled();

    // A refused value shows at its parameter.
    const ids = page.getByRole('article', { name: 'sRWClientSubEmailPublicNoCCIDs' });
    await ids.getByRole('textbox').fill('12, twelve');
    await ids.getByRole('button', { name: /^Save/ }).click();
    await expect(ids.getByText(m.errors.idList)).toBeVisible();
    await expect(ids.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');

    // The filter hides the parameters that do not match, and keeps what was typed in them.
    const filter = page.getByRole('searchbox', { name: m.parameters.filter });
    await filter.fill(parameterName);
    await expect(ids).toBeHidden();
    await expect(card).toBeVisible();
    await filter.fill('no such parameter');
    await expect(page.getByText(m.parameters.noMatch)).toBeVisible();
    await filter.fill('');
    await expect(ids.getByRole('textbox')).toHaveValue('12, twelve');

    await input.fill(next);
    await expect(save).toBeEnabled();
    await expectAccessible(page, 'parameters screen with an unsaved change and a refused value');
    await save.click();
    await expect(
      page.getByRole('alert').filter({ hasText: m.parameters.saved(parameterName) }),
    ).toBeVisible();
    await expect(save).toBeDisabled();
    expect((await list()).find((p) => p.name === parameterName)!.value).toBe(next);
  } finally {
    const restored = await page.request.post(`/api/admin/parameters/${parameterName}`, {
      headers: { 'x-csrf-token': await csrfToken(page.request) },
      data: { value: before },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
