import {
  type ApprovalCampaign,
  type ConnectRegistrant,
  connectLimits,
  messagesConnect,
} from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, type Call, client, fakeApi, renderApp } from '../../../test/render-app.tsx';

const m = messagesConnect.approval;

const campaigns: ApprovalCampaign[] = [
  {
    iCMP_Id: 3,
    sCmpTitle: 'Energy Transition',
    events: [
      {
        iCAE_Id: 31,
        sEvtName: 'Hydrogen roundtable',
        dUTC_EvtDate: '2027-03-04T14:00:00Z',
        iEvtType_PikId: connectLimits.confirmedDateType,
        iPending: 2,
        iApproved: 1,
      },
      {
        iCAE_Id: 32,
        sEvtName: 'Grid storage deep dive',
        dUTC_EvtDate: '2027-06-01T00:00:00Z',
        iEvtType_PikId: connectLimits.dateToBeConfirmedType,
        iPending: 0,
        iApproved: 0,
      },
    ],
  },
];

const registrant = (id: number, name: string, approved: boolean): ConnectRegistrant => ({
  id,
  iPSN_Id: 9000 + id,
  iTempUserId: null,
  sRegistrantName: name,
  sEmail: `${name.split(' ')[0]?.toLowerCase()}@fund.example`,
  sCompanyName: 'Fund Ltd',
  dUTC_Registered: '2026-11-01T09:00:00Z',
  iApprovedById: approved ? 1 : null,
  sApprovedByFullName: approved ? 'Grace Hopper' : null,
  dUTC_Approved: approved ? '2026-11-02T09:00:00Z' : null,
  bSentMeetingLink: approved,
  sMeetingLink: approved ? 'http://localhost/connect/join/abcdefghijklmnopqrstuv' : null,
});

const eventPath = '/connect/approvalEvent/3/31';
const isList = (call: Call) => call.method === 'GET' && call.path === eventPath;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CONNECT Approval screen', () => {
  it('refuses a client without calling the approval API, and sends the anonymous to sign up', async () => {
    const { calls } = fakeApi(client);
    const view = renderApp('/admin/connect/approval');
    expect(await screen.findByText(m.adminOnly)).toHaveAttribute('role', 'alert');
    expect(calls.filter((call) => call.path.startsWith('/connect'))).toEqual([]);
    view.unmount();

    fakeApi(null);
    const anonymous = renderApp('/admin/connect/approval?event=31');
    await waitFor(() => expect(anonymous.location()).toMatch(/^\/signup/));
  });

  it('lists the events (date to be confirmed), keeps the chosen one in the address, approves after the confirmation and reloads after 3500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const rows = [
      registrant(1, 'Ann Lee', false),
      registrant(2, 'Bo Chan', false),
      registrant(3, 'Cy Ott', true),
    ];
    const { calls } = fakeApi(admin, (call) => {
      if (call.path === '/connect/approvalEvents') return { body: { campaigns } };
      if (isList(call)) return { body: { registrants: rows } };
      if (call.method === 'POST' && call.path === `${eventPath}/approve`) {
        for (const r of rows)
          if ((call.body as { approveList: number[] }).approveList.includes(r.id))
            Object.assign(r, registrant(r.id, r.sRegistrantName, true));
        return { body: { success: true, message: 'ok', approved: 2 } };
      }
      return undefined;
    });
    const view = renderApp('/admin/connect/approval');
    const tbc = await screen.findByRole('button', { name: /Grid storage deep dive/ });
    expect(tbc).toHaveTextContent(m.dateToBeConfirmed);
    expect(screen.getByRole('button', { name: /Hydrogen roundtable/ })).toHaveAccessibleName(
      expect.stringContaining(m.counts(2, 1)),
    );

    await user.click(screen.getByRole('button', { name: /Hydrogen roundtable/ }));
    expect(view.location()).toContain('event=31');
    const pending = await screen.findByRole('region', { name: m.pendingList });
    expect(within(pending).getAllByRole('row')).toHaveLength(3);
    const approve = screen.getByRole('button', { name: m.approve });
    expect(approve).toBeDisabled();

    await user.click(within(pending).getByRole('checkbox', { name: m.selectAll }));
    await user.click(approve);
    const dialog = await screen.findByRole('dialog', { name: m.confirmApprove });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ann Lee', 'Bo Chan']);
    await user.click(within(dialog).getByRole('button', { name: m.confirm }));
    expect(await screen.findByText(m.approvedDone(2))).toBeInTheDocument();
    expect(calls.find((call) => call.path === `${eventPath}/approve`)?.body).toEqual({ approveList: [1, 2] });

    const listsBefore = calls.filter(isList).length;
    await act(() => vi.advanceTimersByTimeAsync(connectLimits.approvalReloadMs - 100));
    expect(calls.filter(isList).length).toBe(listsBefore);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(calls.filter(isList).length).toBe(listsBefore + 1));
    expect(await screen.findByText(m.noPending)).toBeInTheDocument();
  });

  it('sends a reminder after its confirmation; copies the meeting link (Copied), shows it selected when the clipboard is refused, and says Internal Error when the link fails', async () => {
    const user = userEvent.setup();
    const rows = [registrant(5, 'Di Rao', true), registrant(6, 'Ed Moss', true)];
    let linkStatus = 200;
    const link = 'http://localhost/connect/join/ZZZZZZZZZZZZZZZZZZZZZZ';
    const { calls } = fakeApi(admin, (call) => {
      if (call.path === '/connect/approvalEvents') return { body: { campaigns } };
      if (isList(call)) return { body: { registrants: rows } };
      if (call.method === 'POST' && call.path === `${eventPath}/remind`)
        return { body: { success: true, message: 'ok', reminded: 1 } };
      if (call.method === 'POST' && call.path === `${eventPath}/uniqueLink`)
        return linkStatus === 200
          ? { body: { success: true, data: link } }
          : { status: 500, body: { success: false, message: 'boom' } };
      return undefined;
    });
    const writeText = vi.fn(async (_text: string) => undefined);
    // After userEvent.setup(), which puts a clipboard stub of its own on navigator.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/admin/connect/approval?event=31');

    await user.click(await screen.findByRole('tab', { name: m.approvedTab }));
    const approved = await screen.findByRole('region', { name: m.approvedList });
    expect(approved).toHaveAttribute('tabindex', '0');
    await user.click(within(approved).getByRole('checkbox', { name: m.selectRow('Ed Moss') }));
    await user.click(screen.getByRole('button', { name: m.remind }));
    const dialog = await screen.findByRole('dialog', { name: m.confirmRemind });
    expect(dialog).toHaveTextContent('Ed Moss');
    expect(dialog).not.toHaveTextContent('Di Rao');
    await user.click(within(dialog).getByRole('button', { name: m.confirm }));
    expect(await screen.findByText(m.remindedDone(1))).toBeInTheDocument();
    expect(calls.find((call) => call.path === `${eventPath}/remind`)?.body).toEqual({ remindList: [6] });

    await user.click(within(approved).getByRole('button', { name: m.copyLinkOf('Di Rao') }));
    expect(await screen.findByText(m.copied)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(link);
    expect(calls.find((call) => call.path.endsWith('/uniqueLink'))?.body).toMatchObject({ id: 5 });

    writeText.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    await user.click(within(approved).getByRole('button', { name: m.copyLinkOf('Ed Moss') }));
    const field = await screen.findByRole('textbox', { name: m.linkField });
    expect(field).toHaveValue(link);
    expect(field).toHaveAttribute('readonly');

    linkStatus = 500;
    await user.click(within(approved).getByRole('button', { name: m.copyLinkOf('Ed Moss') }));
    expect(await screen.findByText(m.internalError)).toBeInTheDocument();
  });

  it('shows a failed load with a retry, then the empty list', async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeApi(admin, (call) => {
      if (call.path === '/connect/approvalEvents')
        return fail ? { status: 403, body: { message: 'down' } } : { body: { campaigns: [] } };
      return undefined;
    });
    renderApp('/admin/connect/approval');
    const alert = await screen.findByText(m.eventsLoadFailed);
    fail = false;
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: m.retry }),
    );
    expect(await screen.findByText(m.noCampaigns)).toBeInTheDocument();
  });
});
