import { messagesAdminUsers as m, type WebsiteUserRow } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin, type Call, fakeApi, renderApp } from '../../../test/render-app.tsx';

const row = (over: Partial<WebsiteUserRow>): WebsiteUserRow => ({
  iTempUser_ID: 11,
  sFull_Name: 'Mei Ling Tan',
  sEmail: 'mei@northgate.test',
  bVerifiedEmail: false,
  bActivated: false,
  tLoingRecord_Time: null,
  tCreatedAt: '2025-03-04T05:06:07.000Z',
  status: 'Email Not Verified',
  iPSN_Id: 9001,
  bImported: false,
  firm: null,
  sCompanyName: 'Northgate Capital',
  ...over,
});

const page = (data: WebsiteUserRow[], total = data.length) => ({
  body: { success: true, data, total, page: 1, pageSize: 15 },
});

const listCalls = (calls: Call[]) => calls.filter((c) => c.path === '/admin/users/website');

describe('/admin/users', () => {
  it('sorts by a clicked header (asc, then desc, with aria-sort) and offers the actions the state allows', async () => {
    const user = userEvent.setup();
    const rows = [
      row({}),
      row({
        iTempUser_ID: 12,
        sFull_Name: 'Ravi Kumar',
        sEmail: 'ravi@x.test',
        bVerifiedEmail: true,
        status: 'Pending Activate',
      }),
    ];
    const { calls } = fakeApi(admin, (call) => {
      if (call.path === '/admin/users/website') return page(rows);
      if (call.method === 'POST' && call.path === '/admin/users/website/11/verifyEmail') {
        return { body: { success: true, message: m.done.verificationSent } };
      }
      return undefined;
    });
    renderApp('/admin/users');

    const table = await screen.findByRole('table', { name: m.tabs.website });
    await within(table).findByText('Mei Ling Tan');
    const created = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    expect(within(table).getAllByText(created.format(new Date('2025-03-04T05:06:07.000Z')))).toHaveLength(2);
    expect(within(table).getAllByText(m.never)).toHaveLength(2);

    const emailHeader = within(table).getByRole('columnheader', { name: m.columns.email });
    expect(emailHeader).toHaveAttribute('aria-sort', 'none');
    await user.click(within(emailHeader).getByRole('button'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.search).toContain('sort=sEmail&dir=asc'));
    expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(emailHeader).getByRole('button'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.search).toContain('sort=sEmail&dir=desc'));
    expect(emailHeader).toHaveAttribute('aria-sort', 'descending');

    // Unverified: re-send, no activation; verified: activation, no re-send.
    await user.click(screen.getByRole('button', { name: `${m.actions.menu} Ravi Kumar` }));
    expect(await screen.findByRole('menuitem', { name: m.actions.activate })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: m.actions.resendVerification })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: `${m.actions.menu} Mei Ling Tan` }));
    expect(screen.queryByRole('menuitem', { name: m.actions.activate })).toBeNull();
    const before = listCalls(calls).length;
    await user.click(await screen.findByRole('menuitem', { name: m.actions.resendVerification }));

    expect(await screen.findByText(m.done.verificationSent)).toBeInTheDocument();
    const sent = calls.find((c) => c.path === '/admin/users/website/11/verifyEmail');
    expect(sent?.body).toEqual({ email: 'mei@northgate.test', name: 'Mei Ling Tan' });
    expect(sent?.headers['x-csrf-token']).toBe('csrf-from-server');
    // The table reloads after the action.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it("shows 'No Data' for an empty page and a retry after a failed load", async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeApi(admin, (call) => {
      if (call.path !== '/admin/users/website') return undefined;
      if (fail) return { status: 500, body: { success: false, message: 'boom' } };
      return page([]);
    });
    renderApp('/admin/users');
    expect(await screen.findByText(m.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: m.retry }));
    expect(await screen.findByText(m.noData)).toBeInTheDocument();
  });

  it('import dialog: the firm is required (no call), then chosen from the search and imported', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi(admin, (call) => {
      if (call.path === '/admin/users/website') return page([row({})]);
      if (call.path === '/admin/firms') {
        return {
          body: {
            success: true,
            data: [{ id: 42, sName: 'Northgate Capital', seatLimit: 50, seatsUsed: 3 }],
          },
        };
      }
      if (call.method === 'POST' && call.path === '/admin/users/website/11') {
        return { body: { success: true, message: m.done.imported } };
      }
      return undefined;
    });
    renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: `${m.actions.menu} Mei Ling Tan` }));
    await user.click(await screen.findByRole('menuitem', { name: m.actions.import }));
    const dialog = await screen.findByRole('dialog', { name: m.import.title });
    expect(within(dialog).getByRole('textbox', { name: new RegExp(`^${m.import.firstName}`) })).toHaveValue(
      'Mei',
    );
    expect(within(dialog).getByRole('textbox', { name: new RegExp(`^${m.import.familyName}`) })).toHaveValue(
      'Ling Tan',
    );

    await user.click(within(dialog).getByRole('button', { name: m.import.submit }));
    expect(await within(dialog).findByText(m.import.firmRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/admin/users/website/11')).toBe(false);

    // Edited names are kept (the change handler reads the field before the state updater runs).
    const family = within(dialog).getByRole('textbox', { name: new RegExp(`^${m.import.familyName}`) });
    await user.clear(family);
    await user.type(family, 'Tan 7');
    expect(family).toHaveValue('Tan ');

    const firmBox = within(dialog).getByRole('textbox', { name: new RegExp(`^${m.import.firm}`) });
    await user.type(firmBox, 'No');
    // Two characters: no search yet.
    await new Promise((r) => setTimeout(r, 400));
    expect(calls.some((c) => c.path === '/admin/firms')).toBe(false);
    await user.type(firmBox, 'r');
    await user.click(await screen.findByRole('option', { name: 'Northgate Capital' }));
    expect(calls.find((c) => c.path === '/admin/firms')?.search).toBe('?sMatch=Nor');
    await user.click(within(dialog).getByRole('button', { name: m.import.submit }));

    expect(await within(dialog).findByText(m.done.imported)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/admin/users/website/11')?.body).toEqual({
      firstName: 'Mei',
      familyName: 'Tan',
      email: 'mei@northgate.test',
      firmId: 42,
    });
  });
});
