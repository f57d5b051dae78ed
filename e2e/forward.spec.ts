/**
 * Forward to a colleague (issue 13, the Terms): the demo client (Northgate Capital, domain demo.test) forwards a
 * report from the viewer to a colleague at demo.test; the colleague's mail arrives with a personal rfs link, and
 * the month's count in the dialog goes down by one.
 */
import type { ReportCard, ReportsReply } from '@portal/contract';
import { messagesAdminUsers } from '@portal/contract';
import { expect, expectAccessible, test, waitForSettled } from './support/fixtures.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

test.use({ account: 'client' });

const texts = messagesAdminUsers.forward;
const leftPattern = /(\d+) of (\d+) forwards left this month\./;

test('the demo client forwards a report to a colleague at their firm', async ({ page }) => {
  const list = await page.request.get('/api/reports', { params: { type: 'all', pageSize: '50' } });
  expect(list.status(), await list.text()).toBe(200);
  const report = ((await list.json()) as ReportsReply).data.find(
    (r: ReportCard) => r.entitled && r.filetype === 'pdf',
  );
  expect(report, 'a pdf report the demo client may read').toBeTruthy();

  await page.goto(`/reports/${report!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: report!.title })).toBeVisible();
  await waitForSettled(page);

  const openDialog = async () => {
    await page
      .getByRole('toolbar', { name: 'Report actions' })
      .getByRole('button', { name: texts.button })
      .click();
    const dialog = page.getByRole('dialog', { name: texts.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(leftPattern)).toBeVisible();
    const [, left, limit] = leftPattern.exec((await dialog.getByText(leftPattern).textContent()) ?? '')!;
    return { dialog, left: Number(left), limit: Number(limit) };
  };

  const first = await openDialog();
  expect(first.limit).toBe(5);
  expect(first.left, 'forwards left for the demo client this month').toBeGreaterThan(0);
  // Keyboard: the e-mail field has the focus when the dialog opens.
  await expect(first.dialog.getByLabel(texts.email)).toBeFocused();
  await expectAccessible(page, 'forward dialog');

  const colleague = `colleague-${Date.now()}@demo.test`;
  await page.keyboard.type(colleague);
  await first.dialog.getByLabel(texts.note).fill('The capex section is worth a look.');
  await first.dialog.getByRole('button', { name: texts.send }).click();
  await expect(page.getByRole('dialog', { name: texts.title })).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: texts.sent })).toBeVisible();

  const mail = await waitForMail(colleague, texts.mailSubject);
  expect(mail.text).toContain(report!.title);
  expect(mail.text).toContain('The capex section is worth a look.');
  const link = linkIn(mail, '/rfs.htm?');
  expect(link.searchParams.get('docId')).toBe(String(report!.id));

  const second = await openDialog();
  expect(second.left).toBe(first.left - 1);
  // A colleague at another firm is refused, with the server's message in the dialog.
  await second.dialog.getByLabel(texts.email).fill('someone@example.org');
  await second.dialog.getByRole('button', { name: texts.send }).click();
  await expect(second.dialog.getByText(texts.foreignDomain).first()).toBeVisible();
  await second.dialog.getByRole('button', { name: texts.cancel }).click();
  await expect(page.getByRole('dialog', { name: texts.title })).toBeHidden();
});
