/**
 * Leak tracing (issue 23): the demo client fetches the stamped 50-page demo PDF through the viewer's signed file URL;
 * an administrator uploads those bytes on "Identify a copy" and sees the client's name, firm and e-mail, the report
 * and how often the copy was fetched. A file that is not a PDF gets the clear refusal.
 */

import type { APIRequestContext } from '@playwright/test';
import {
  messagesLeakTracing as m,
  type ReportsReply,
  type ReportViewerReply,
  reportPath,
} from '@portal/contract';
import { demoAccounts, expect, signIn, test, waitForSettled } from './support/fixtures.ts';

test.use({ account: 'admin' });

const signedOut = { cookies: [], origins: [] };

/** The 50-page demo PDF (seeded by the viewer seed module). */
const yearbookTitle = 'Asia Semiconductor Yearbook: fifty pages on foundry, memory and the AI build-out';

/** The reader's stamped copy, fetched the way the viewer does: the report's reply names the signed file URL. */
async function fetchStampedCopy(request: APIRequestContext) {
  const search = await request.get('/api/reports', { params: { type: 'all', q: 'Semiconductor Yearbook' } });
  expect(search.status(), await search.text()).toBe(200);
  const report = ((await search.json()) as ReportsReply).data.find((r) => r.title === yearbookTitle);
  expect(report, 'the 50-page demo report').toBeTruthy();
  const opened = await request.get(`/api/report/S-${report!.id}`);
  expect(opened.status(), await opened.text()).toBe(200);
  const fileUrl = ((await opened.json()) as ReportViewerReply).data.report.fileUrl;
  const file = await request.get(`/api${fileUrl}`);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  return { bytes: await file.body(), reportId: report!.id };
}

test('an admin identifies the demo client from the stamped PDF the client fetched', async ({
  page,
  browser,
  baseURL,
}) => {
  // The client in a browser of its own (a context made in a test starts with the test's admin session otherwise).
  const clientContext = await browser.newContext({ baseURL, storageState: signedOut });
  let copy: Awaited<ReturnType<typeof fetchStampedCopy>>;
  let client: { full_name: string; email: string };
  try {
    await signIn(await clientContext.newPage(), demoAccounts.client);
    copy = await fetchStampedCopy(clientContext.request);
    const me = await clientContext.request.get('/api/users/me');
    client = ((await me.json()) as { data: { full_name: string; email: string } }).data;
  } finally {
    await clientContext.close();
  }
  expect(client.full_name).toBeTruthy();

  await page.goto('/admin/reports/identify');
  await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
  await expect(page.getByRole('link', { name: m.back })).toHaveAttribute('href', '/admin/reports');
  await waitForSettled(page);

  // Keyboard: the drop zone's file input takes the focus (the picker itself is the browser's).
  const input = page.getByLabel(m.dropTitle);
  await input.focus();
  await expect(input).toBeFocused();
  await input.setInputFiles({ name: 'leaked.pdf', mimeType: 'application/pdf', buffer: copy.bytes });

  const card = page.getByRole('region', { name: new RegExp(`${m.result.title} ${client.full_name}`) });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(client.email)).toBeVisible();
  await expect(card.getByRole('link', { name: yearbookTitle })).toHaveAttribute(
    'href',
    reportPath(copy.reportId, yearbookTitle),
  );
  await expect(card.getByText(m.result.fetchCount)).toBeVisible();

  // Another file: not a PDF, refused with the clear message.
  await page.getByRole('button', { name: m.again }).click();
  await expect(input).toBeFocused();
  await input.setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<html>no</html>'),
  });
  await expect(page.getByRole('alert').filter({ hasText: m.errors.notPdf })).toBeVisible();
});
