/**
 * Following an analyst (issue 23, beyond the spec): the demo client follows an analyst on the analyst's page, the
 * page still says so after a reload, and the analyst's next free-access report, in a sector the client does not
 * subscribe to, reaches the client by mail as a publish alert; then the client unfollows.
 */
import { messagesResearch, type PublishingOptions, publishAlertMessages } from '@portal/contract';
import { csrfToken } from './support/api.ts';
import {
  demoAccounts,
  demoPassword,
  expect,
  expectAccessible,
  test,
  waitForSettled,
} from './support/fixtures.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

test.use({ account: 'client' });

const m = messagesResearch.follow;
const signedOut = { cookies: [], origins: [] };
/** The sectors the demo client has no subscription to (seed/catalogue.ts). */
const clientUnsubscribed = [10000129, 10000130];

test("a reader follows an analyst and is e-mailed the analyst's next report", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext({ baseURL, storageState: signedOut });
  try {
    const admin = adminContext.request;
    const login = await admin.post('/api/users/login', {
      headers: { 'x-csrf-token': await csrfToken(admin) },
      data: { email: demoAccounts.admin, password: demoPassword },
    });
    expect(login.status(), await login.text()).toBe(200);
    const optionsReply = await admin.get('/api/admin/publishing/options');
    expect(optionsReply.status(), await optionsReply.text()).toBe(200);
    const options = (await optionsReply.json()) as PublishingOptions;
    // An analyst covering a sector the client does not read: only the follow can bring the alert.
    const sectorId = clientUnsubscribed.find((id) => options.analysts.some((a) => a.sectorIds.includes(id)))!;
    expect(sectorId, 'an analyst covering a sector the client does not subscribe to').toBeTruthy();
    const analyst = options.analysts.find((a) => a.sectorIds.includes(sectorId))!;

    await page.goto(`/analysts/${analyst.id}`);
    await waitForSettled(page);
    await expect(page.getByRole('heading', { level: 1, name: analyst.name })).toBeVisible();
    await expect(page.getByText(m.notFollowing(analyst.name))).toBeVisible();
    await page.getByRole('button', { name: m.follow, exact: true }).click();
    await expect(page.getByText(m.following(analyst.name))).toBeVisible();
    await expectAccessible(page, 'analyst page, following');

    // Still following on the next load.
    await page.reload();
    await waitForSettled(page);
    await expect(page.getByRole('button', { name: m.unfollow, exact: true })).toBeVisible();

    // The admin publishes the analyst's next report, free to every reader.
    const title = `Policy rates on hold ${Date.now()}`;
    const form = new FormData();
    form.append(
      'metadata',
      JSON.stringify({
        title,
        description: 'The committee holds rates and signals patience into the new year.',
        analystIds: [analyst.id],
        sectorIds: [sectorId],
        freeAccess: true,
        youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      }),
    );
    const published = await admin.post('/api/reports/publish', {
      headers: { 'x-csrf-token': await csrfToken(admin) },
      multipart: form,
    });
    expect(published.status(), await published.text()).toBeLessThan(300);

    const mail = await waitForMail(demoAccounts.client, publishAlertMessages.subject(title));
    expect(linkIn(mail, '/rfs.htm?').origin).toBe(baseURL);

    // Unfollowing puts the client back as it was.
    await page.getByRole('button', { name: m.unfollow, exact: true }).click();
    await expect(page.getByText(m.notFollowing(analyst.name))).toBeVisible();
  } finally {
    await adminContext.close();
  }
});
