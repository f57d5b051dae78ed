import { messagesReportAdmin as m, type ReportManagementRow } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin, type Call, client, fakeApi, renderApp } from '../../../test/render-app.tsx';

const DAY = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

const row = (over: Partial<ReportManagementRow>): ReportManagementRow => {
  const published = Date.now() - 30 * DAY;
  return {
    id: 7,
    title: 'Bank margins in a falling rate world',
    published_date: iso(published),
    type: 'latest',
    isTempReport: false,
    mustRead: false,
    specialSelect: false,
    selectableFrom: iso(published + 7 * DAY),
    state: 'published',
    sector: { id: 3, sName: 'Banks' },
    analyst: { id: 4, name: 'Lena Lead' },
    ...over,
  };
};
const fresh = row({
  id: 8,
  title: 'Fresh take',
  published_date: iso(Date.now() - DAY),
  selectableFrom: iso(Date.now() + 6 * DAY),
  state: 'scheduled',
});

const listCalls = (calls: Call[]) => calls.filter((c) => c.path === '/report/reportManagementAll');

describe('/admin/reports', () => {
  it('confirms the selected list with the spec text, sends the id and action, and shows the server row', async () => {
    const user = userEvent.setup();
    let stored = row({});
    const { calls } = fakeApi(admin, (call) => {
      if (call.path === '/report/reportManagementAll') {
        return { body: { data: [stored, fresh], next: null, filters: { filter: 'all' } } };
      }
      if (call.method === 'POST' && call.path === '/report/7/tempReport') {
        stored = { ...stored, isTempReport: (call.body as { status: boolean }).status };
        return { body: { success: true, report: stored } };
      }
      if (call.method === 'POST' && call.path === '/report/7/mustRead') {
        return { status: 409, body: { success: false, message: 'Changed elsewhere' } };
      }
      return undefined;
    });
    renderApp('/admin/reports');

    const list = await screen.findByRole('list', { name: m.listLabel });
    const card = within(list).getByText(stored.title).closest('li')!;
    expect(within(card).getByText('Banks · Lena Lead')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.publish })).toHaveAttribute('href', '/admin/reports/new');
    expect(screen.getByRole('link', { name: m.identify })).toHaveAttribute('href', '/admin/reports/identify');
    expect(within(card).getByRole('link', { name: `${m.edit}: ${stored.title}` })).toHaveAttribute(
      'href',
      '/admin/reports/7/edit',
    );

    // Cancel changes nothing
    await user.click(within(card).getByRole('button', { name: `${m.actions.addTemp}: ${stored.title}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(m.tempConfirm('add'))).toBeInTheDocument();
    expect(m.tempConfirm('add')).toBe('Are you going to add this report into selected report');
    await user.click(within(dialog).getByRole('button', { name: m.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // Yes sends it; the row shows the server's state
    await user.click(within(card).getByRole('button', { name: `${m.actions.addTemp}: ${stored.title}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: m.yes }));
    expect(await screen.findByText(m.done.tempAdded)).toBeInTheDocument();
    const sent = calls.find((c) => c.path === '/report/7/tempReport');
    expect(sent?.body).toEqual({ status: true });
    expect(sent?.headers['x-csrf-token']).toBe('csrf-from-server');
    expect(
      await within(card).findByRole('button', { name: `${m.actions.removeTemp}: ${stored.title}` }),
    ).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: `${m.actions.removeTemp}: ${stored.title}` }));
    expect(
      within(await screen.findByRole('dialog')).getByText(
        'Are you going to remove this report from selected report',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: m.cancel }));

    // A refusal shows the server's message and the switch stays as the server has it
    const mustRead = within(card).getByRole('switch', { name: m.columns.mustRead });
    await user.click(mustRead);
    expect(await screen.findByText('Changed elsewhere')).toBeInTheDocument();
    expect(mustRead).not.toBeChecked();
  });

  it('disables Select for a report under 7 days old with the reason, and filters and searches', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi(admin, (call) => {
      if (call.path === '/report/reportManagementAll') {
        return { body: { data: [fresh], next: null, filters: { filter: 'all' } } };
      }
      return undefined;
    });
    renderApp('/admin/reports');
    const list = await screen.findByRole('list', { name: m.listLabel });
    const select = within(list).getByRole('switch', { name: /Select/ });
    expect(select).toBeDisabled();
    expect(within(list).getByText(/Only reports published at least 7 days ago/)).toBeInTheDocument();
    expect(within(list).getByText(m.states.scheduled)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(m.filterLabel), 'mustRead');
    await waitFor(() => expect(listCalls(calls).at(-1)?.search).toContain('filter=mustRead'));
    await user.type(screen.getByLabelText(m.searchLabel), 'bank');
    await waitFor(() => expect(listCalls(calls).at(-1)?.search).toContain('q=bank'));
  });

  it('loads more with the cursor', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi(admin, (call) => {
      if (call.path === '/report/reportManagementAll') {
        return call.search.includes('cursor=abc')
          ? { body: { data: [fresh], next: null, filters: { filter: 'all' } } }
          : { body: { data: [row({})], next: 'abc', filters: { filter: 'all' } } };
      }
      return undefined;
    });
    renderApp('/admin/reports');
    await user.click(await screen.findByRole('button', { name: m.loadMore }));
    expect(await screen.findByText('Fresh take')).toBeInTheDocument();
    expect(screen.getByText('Bank margins in a falling rate world')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.loadMore })).toBeNull();
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('refuses the screen to a client', async () => {
    fakeApi(client);
    renderApp('/admin/reports');
    expect(await screen.findByText(m.adminOnly)).toBeInTheDocument();
  });
});
