/**
 * Publishing (issue 23): an administrator publishes a PDF on /admin/reports/new; the demo client, subscribed to the
 * report's sector, gets the publish alert at the test SMTP server and opens the report from its personal link in a
 * fresh browser (signing in on the link's page); then the administrator withdraws the report and it is gone
 * from the client's list.
 */
import type { Page } from '@playwright/test';
import {
  messagesPublishing as m,
  type PublishingOptions,
  publishAlertMessages,
  viewerMessages,
} from '@portal/contract';
import {
  demoAccounts,
  demoPassword,
  expect,
  expectAccessible,
  signIn,
  test,
  waitForSettled,
} from './support/fixtures.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

test.use({ account: 'admin' });

const signedOut = { cookies: [], origins: [] };
/** The sectors the demo client has no subscription to (seed/catalogue.ts); every other sector it reads. */
const clientUnsubscribed = [10000129, 10000130];

/** A one-page PDF with `text` on it, written out with its cross-reference table (what pdf.js opens). */
const smallPdf = (text: string) => {
  const content = `BT /F1 14 Tf 60 700 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
};

/** Picks `label` in the multi-select named `field` (typing to filter, then choosing the option). */
const pick = async (page: Page, field: string, label: string) => {
  const input = page.getByRole('combobox', { name: field });
  await input.click();
  await input.fill(label.slice(0, 12));
  await page.getByRole('option', { name: label, exact: true }).click();
  await input.press('Escape');
};

const reportCards = (page: Page) => page.getByRole('list', { name: 'Research reports' }).getByRole('article');

test('an admin publishes a PDF: the subscribed client is alerted, opens it from the mail, and it goes on withdrawal', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const title = `Foundry pricing turns ${Date.now()}`;

  // A sector the client reads and an analyst who covers it, from the form's own options.
  const optionsReply = await page.request.get('/api/admin/publishing/options');
  expect(optionsReply.status(), await optionsReply.text()).toBe(200);
  const options = (await optionsReply.json()) as PublishingOptions;
  const sector = options.sectors.find(
    (s) => !clientUnsubscribed.includes(s.id) && options.analysts.some((a) => a.sectorIds.includes(s.id)),
  );
  expect(sector, 'a sector the demo client subscribes to').toBeTruthy();
  const analyst = options.analysts.find((a) => a.sectorIds.includes(sector!.id))!;

  await page.goto('/admin/reports/new');
  await expect(page.getByRole('heading', { level: 1, name: m.publishTitle })).toBeVisible();
  await expect(page.getByRole('link', { name: m.backToManagement })).toHaveAttribute(
    'href',
    '/admin/reports',
  );
  await waitForSettled(page);

  // Nothing chosen: the form says what is missing, field by field, and sends nothing.
  await page.getByRole('button', { name: m.actions.publish }).click();
  await expect(page.getByText(m.errors.titleRequired)).toBeVisible();
  await expect(page.getByText(m.errors.fileRequired)).toBeVisible();
  await expectAccessible(page, 'publish form with field errors');

  // A file of a type the portal does not take is refused before any upload.
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: 'tool.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ'),
  });
  await expect(page.getByText(m.errors.fileType)).toBeVisible();

  await fileInput.setInputFiles({
    name: 'foundry-note.pdf',
    mimeType: 'application/pdf',
    buffer: smallPdf(`Foundry capacity and wafer prices ${title}`),
  });
  await page.getByRole('textbox', { name: m.fields.title }).fill(title);
  await page.getByRole('textbox', { name: m.fields.description }).fill('Wafer prices rise into next year.');
  await pick(page, m.fields.sectors, sector!.name);
  await pick(page, m.fields.analysts, analyst.name);
  await expectAccessible(page, 'publish form filled');
  await page.getByRole('button', { name: m.actions.publish }).click();

  // On to the edit screen of the new report.
  await expect(page).toHaveURL(/\/admin\/reports\/\d+\/edit$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: m.editTitle })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: m.done.published })).toBeVisible();
  await expect(page.getByRole('textbox', { name: m.fields.title })).toHaveValue(title);
  const reportId = Number(/\/admin\/reports\/(\d+)\/edit/.exec(page.url())![1]);

  // The alert reaches the client with a personal link, opened in a fresh browser.
  const mail = await waitForMail(demoAccounts.client, publishAlertMessages.subject(title));
  const link = linkIn(mail, '/rfs.htm?');
  expect(link.origin).toBe(baseURL);
  expect(link.searchParams.get('docId')).toBe(String(reportId));
  const fresh = await browser.newContext({ baseURL, storageState: signedOut });
  try {
    const device = await fresh.newPage();
    await device.goto(link.href);
    await expect(device.getByRole('form', { name: viewerMessages.deviceCheckTitle })).toBeVisible();
    // The reader signs in on the link's page (the device check by mail is report-link.spec's journey: two
    // workers waiting for the same reader's verification mail could take each other's).
    const signInForm = device.getByRole('form', { name: 'Sign in with your password' });
    await signInForm.getByLabel('Email', { exact: true }).fill(demoAccounts.client);
    await signInForm.getByLabel('Password', { exact: true }).fill(demoPassword);
    await signInForm.getByRole('button', { name: 'Sign in' }).click();
    await expect(device.getByRole('heading', { name: title })).toBeVisible({ timeout: 30_000 });
  } finally {
    await fresh.close();
  }

  // The signed-in client sees it in the list, newest first.
  const clientContext = await browser.newContext({ baseURL, storageState: signedOut });
  try {
    const client = await clientContext.newPage();
    await signIn(client, demoAccounts.client);
    await client.goto('/search');
    await waitForSettled(client);
    await expect(reportCards(client).filter({ hasText: title })).toHaveCount(1);

    // The admin withdraws it, after the confirmation.
    await page.getByRole('button', { name: m.actions.withdraw }).click();
    const dialog = page.getByRole('dialog', { name: m.withdrawConfirmTitle });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'withdraw confirmation');
    await dialog.getByRole('button', { name: m.actions.confirmWithdraw }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: m.done.withdrawn })).toBeVisible();
    await expect(page.getByText(m.states.withdrawn, { exact: true })).toBeVisible();

    // Gone from the client's list on the next load, and the report itself refused.
    await client.goto('/search');
    await waitForSettled(client);
    await expect(reportCards(client).first()).toBeVisible();
    await expect(reportCards(client).filter({ hasText: title })).toHaveCount(0);
    const opened = await client.request.get(`/api/report/S-${reportId}`);
    expect(opened.status()).toBe(404);
  } finally {
    await clientContext.close();
  }
});
