/**
 * Unsubscribe (issue 12; spec 3 sections 2, 4 and 5): the signed-in reader leaves a sector with 'Other' and a
 * reason that reaches their account managers; a visitor we do not know gets a one-time link by e-mail and
 * completes the unsubscribe with it; a list mail's List-Unsubscribe URL works with one POST and no cookies.
 */
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { matrixConstants, subscriptionMessages } from '@portal/contract';
import { csrfToken, signUpThroughApi } from './support/api.ts';
import { expect, expectAccessible, test, waitForSettled } from './support/fixtures.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

const texts = subscriptionMessages.unsubscribe;

const data = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>) => {
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
};

/** A state-changing call with the CSRF header, as the SPA sends it. */
const call = async (request: APIRequestContext, url: string, params: Record<string, string> = {}) =>
  request.get(url, { params, headers: { 'x-csrf-token': await csrfToken(request) } });

const suppressEmails = async (request: APIRequestContext, psnId: number) =>
  (
    await data<{ value: string }>(
      await request.get(`/api/overall/getSchemaFieldValue/${psnId}/${matrixConstants.suppressEmailsField}`),
    )
  ).value;

test.describe('signed in', () => {
  test.use({ account: 'client' });

  test("leaves a sector with 'Other' and a reason that reaches the account managers, then the preferences", async ({
    page,
  }) => {
    const request = page.request;
    const me = await data<{ iPSN_Id: number; sEntity: string }>(await request.get('/api/users/me'));
    // A sector the client does not hold yet, asked for as the preferences screen does (a request, not a
    // subscription): the test leaves the client's matrix as it found it.
    const axes = await data<string>(await request.get('/api/getMatrixData'));
    const held = await data<string>(
      await request.get(`/api/users/loadPersonMatrixDetails/${me.iPSN_Id}/${me.sEntity}`),
    );
    const heldIds = new Set([...held.matchAll(/<y value="(\d+)"/g)].map((m) => m[1]));
    const sector = [...axes.matchAll(/<y id="(\d+)" name="([^"]+)" parentId="\d+"/g)].find(
      (m) => !heldIds.has(m[1]),
    );
    expect(sector, 'a sector the demo client does not hold').toBeTruthy();
    const [, sectorId = '', sectorName = ''] = sector!;
    const inserted = await call(request, '/api/Repository/UpdateMatrix', {
      psnId: String(me.iPSN_Id),
      psnEntity: me.sEntity,
      insertXml: `<matrix><x id="${matrixConstants.xAxisId}"><y id="${sectorId}"/></x></matrix>`,
    });
    expect(inserted.status(), await inserted.text()).toBe(200);
    const managersXml = await data<string>(
      await request.get('/api/Relationships/GetAccountManager', { params: { pid: String(me.iPSN_Id) } }),
    );
    const managers = [...managersXml.matchAll(/<psn\b[^>]*\bemail="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(managers.length).toBeGreaterThan(0);

    await page.goto(`/unsubscribe/${sectorId}`);
    await waitForSettled(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
    await expect(main.getByText(sectorName.replace(/&amp;/g, '&'), { exact: true })).toBeVisible();
    const radios = main.getByRole('radio');
    await expect(radios.first()).toBeChecked();
    const unsubscribe = main.getByRole('button', { name: texts.unsubscribe });
    await expect(unsubscribe).toBeEnabled();

    await main.getByRole('radio', { name: texts.other, exact: true }).check();
    await expect(unsubscribe).toBeDisabled();
    const reason = `Moving desks <${Date.now()}> & budget`;
    await main.getByRole('textbox', { name: texts.reason, exact: true }).fill(reason);
    await expect(unsubscribe).toBeEnabled();
    await expectAccessible(page, "the form with 'Other'");
    await unsubscribe.click();

    const dialog = page.getByRole('dialog', { name: texts.success });
    await expect(dialog).toBeVisible();
    // behind the dialog the page says it is done: the reasons form is gone (issue 21 item 14)
    await expect(page.locator('main input[type="radio"]')).toHaveCount(0);
    await expect(main.getByText(texts.doneFrom, { exact: false })).toBeAttached();
    await expectAccessible(page, 'success dialog');
    await dialog.getByRole('button', { name: texts.ok }).click();
    await expect(page).toHaveURL(/\/subscriptionPreference\/settings$/);

    // the reason, escaped and whole, reaches every account manager of the reader (one mail to them all)
    const mail = await waitForMail(managers[0] ?? '', /unsubscribe/i);
    for (const manager of managers) expect(mail.recipients).toContain(manager.toLowerCase());
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain(sectorName.replace(/&amp;/g, '&'));
    // the entry is gone
    const after = await data<string>(
      await request.get(`/api/users/loadPersonMatrixDetails/${me.iPSN_Id}/${me.sEntity}`),
    );
    expect(after).not.toContain(`value="${sectorId}"`);
    await waitForSettled(page);
  });
});

test.describe('not signed in', () => {
  test('Enter Email sends a one-time link that opens the form and completes the unsubscribe', async ({
    page,
  }) => {
    const email = `unsub-${Date.now()}@acme-capital.test`;
    await signUpThroughApi(page.request, email);

    await page.goto('/unsubscribe/0');
    const dialog = page.getByRole('dialog', { name: texts.enterEmailTitle });
    await expect(dialog).toBeVisible();
    const ok = dialog.getByRole('button', { name: texts.ok });
    await expect(ok).toBeDisabled();
    await dialog.getByRole('textbox', { name: texts.email }).fill('not-an-address');
    await ok.click();
    await expect(dialog.getByText(texts.emailInvalid)).toBeVisible();
    await expectAccessible(page, 'Enter Email with an invalid address');
    await dialog.getByRole('textbox', { name: texts.email }).fill(email);
    await ok.click();
    await expect(dialog.getByText(texts.linkSent)).toBeVisible();
    await expectAccessible(page, 'link sent');
    await dialog.getByRole('button', { name: texts.ok }).click();

    const link = linkIn(
      await waitForMail(email, subscriptionMessages.mail.linkSubject),
      '/unsubscribe/0?token=',
    );
    await page.goto(`${link.pathname}${link.search}`);
    const main = page.getByRole('main');
    await expect(main.getByText(texts.fromMailList, { exact: true })).toBeVisible();
    // the spent token leaves the address bar
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await main.getByRole('button', { name: texts.unsubscribe }).click();
    const success = page.getByRole('dialog', { name: texts.success });
    await expect(success).toBeVisible();
    await success.getByRole('button', { name: texts.ok }).click();
    await expect(page).toHaveURL(/\/subscriptionPreference\/settings$/);

    // the link was single-use
    const reused = await page.request.post('/api/mailLinks/redeem', {
      headers: { 'x-csrf-token': await csrfToken(page.request) },
      data: { token: link.searchParams.get('token') },
    });
    expect(reused.status(), 'a used link is refused').toBe(400);
    await waitForSettled(page);
  });

  test('a list mail unsubscribes with one POST of its List-Unsubscribe URL, without cookies', async ({
    page,
  }) => {
    const request = page.request;
    const email = `oneclick-${Date.now()}@acme-capital.test`;
    await signUpThroughApi(request, email);
    // act for the new reader through an e-mailed link, as the Enter Email dialog does
    const asked = await request.post('/api/unsubscribe/requestLink', {
      headers: { 'x-csrf-token': await csrfToken(request) },
      data: { email, productId: 0 },
    });
    expect(asked.status(), await asked.text()).toBe(200);
    const token = linkIn(
      await waitForMail(email, subscriptionMessages.mail.linkSubject),
      '/unsubscribe/0?token=',
    ).searchParams.get('token');
    const redeemed = await request.post('/api/mailLinks/redeem', {
      headers: { 'x-csrf-token': await csrfToken(request) },
      data: { token },
    });
    const person = await data<{ iPSN_Id: number; sEntity: string }>(redeemed);
    expect(await suppressEmails(request, person.iPSN_Id)).not.toBe('1');

    // a preference notification: a list mail to the reader
    const axes = await data<string>(await request.get('/api/getMatrixData'));
    const sectorId = /<y id="(\d+)" name="[^"]+" parentId="\d+"/.exec(axes)?.[1] ?? '';
    const psnId = String(person.iPSN_Id);
    const inserted = await call(request, '/api/Repository/UpdateMatrix', {
      psnId,
      psnEntity: person.sEntity,
      insertXml: `<matrix><x id="${matrixConstants.xAxisId}"><y id="${sectorId}"/></x></matrix>`,
    });
    expect(inserted.status(), await inserted.text()).toBe(200);
    const sent = await call(request, '/api/SendEmail', {
      psnId,
      emailBodyParameterName: 'sWebEmlTMPLTPublicNo',
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const mail = await waitForMail(email, /research preferences/i);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /<(https?:\/\/[^>]+)>/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
    expect(oneClick, `List-Unsubscribe: ${mail.headers['list-unsubscribe']}`).toBeTruthy();

    // what a mail client does: one POST, no cookies, no CSRF header
    const mailClient = await playwrightRequest.newContext();
    try {
      const res = await mailClient.post(oneClick!, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        data: 'List-Unsubscribe=One-Click',
      });
      expect(res.status(), await res.text()).toBe(200);
    } finally {
      await mailClient.dispose();
    }
    expect(await suppressEmails(request, person.iPSN_Id)).toBe('1');
  });
});
