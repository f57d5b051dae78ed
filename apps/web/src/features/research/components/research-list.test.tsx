import type { CurrentUser } from '@portal/contract';
import { messagesReportAdmin, messagesResearch } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getRuntimeConfig } from '../../../lib/runtime-config.ts';
import { type Call, client, fakeApi, renderApp } from '../../../test/render-app.tsx';
import { emptyOverall, reportFixture, reportsReplyOf } from '../../../test/research-fixtures.ts';

const reportsCalls = (calls: Call[]) =>
  calls.filter((c) => c.path === '/reports').map((c) => new URLSearchParams(c.search));

const api = (user: CurrentUser | null, reports: (query: URLSearchParams) => unknown) =>
  fakeApi(user, (call) => {
    if (call.path === '/reports') return { body: reports(new URLSearchParams(call.search)) };
    if (call.path === '/overall/research') return { body: emptyOverall };
    if (call.path === '/reports/suggestions')
      return { body: { analysts: [], companies: [], countries: [], sectors: [], reports: [] } };
    return undefined;
  });

describe('research list', () => {
  it('shows 20 skeleton cards while loading, then the reports of the query', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls } = fakeApi(client, (call) => {
      if (call.path === '/reports') return gate.then(() => ({ body: reportsReplyOf([reportFixture()]) }));
      if (call.path === '/overall/research') return { body: emptyOverall };
      return undefined;
    });
    const { container } = renderApp('/search?q=banks');
    await waitFor(() => expect(container.querySelectorAll('[data-skeleton]')).toHaveLength(20));
    release();
    expect(
      await screen.findByRole('link', { name: 'Regional banks: margins at the turn' }),
    ).toBeInTheDocument();
    expect(container.querySelectorAll('[data-skeleton]')).toHaveLength(0);
    const query = reportsCalls(calls)[0];
    expect(query?.get('q')).toBe('banks');
    expect(query?.get('type')).toBe('all');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Results for “banks”');
  });

  it('says so when there are no reports', async () => {
    api(client, () => reportsReplyOf([]));
    renderApp('/search');
    expect(await screen.findByText(messagesResearch.noReports)).toBeInTheDocument();
  });

  it("says that nothing matches, under the spec's empty text, when a search or a tag finds nothing", async () => {
    sessionStorage.setItem('TagsInput', JSON.stringify(['#nothing']));
    api(client, () => reportsReplyOf([]));
    renderApp('/search?q=nothing');
    expect(await screen.findByText(messagesResearch.noMatches)).toBeInTheDocument();
    expect(screen.getByText(messagesResearch.noReports)).toBeInTheDocument();
    const user = userEvent.setup();
    const clear = screen.getAllByRole('button', { name: messagesResearch.clearFilters });
    await user.click(clear.at(-1) as HTMLElement);
    expect(screen.queryByRole('list', { name: 'Active tags' })).not.toBeInTheDocument();
  });

  it('shows the highlighted reports and the side panel on the unfiltered list only', async () => {
    const highlighted = reportFixture({
      id: 900,
      title: 'A highlighted consumer report',
      type: 'highlighted',
    });
    fakeApi(client, (call) => {
      if (call.path === '/reports') return { body: reportsReplyOf([reportFixture()]) };
      if (call.path === '/overall/research')
        return { body: { ...emptyOverall, highlighted: [highlighted], mustRead: [highlighted] } };
      return undefined;
    });
    const { unmount } = renderApp('/search');
    expect(await screen.findByRole('heading', { name: 'Highlighted' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Must Read and Most Viewed' })).toBeInTheDocument();
    unmount();

    renderApp('/search?q=semicond');
    await screen.findByRole('link', { name: 'Regional banks: margins at the turn' });
    expect(screen.queryByRole('heading', { name: 'Highlighted' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('complementary', { name: 'Must Read and Most Viewed' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'A highlighted consumer report' })).not.toBeInTheDocument();
  });

  it('hides the highlighted reports while a tag filters the list, and the heading claims no more than it shows', async () => {
    sessionStorage.setItem('TagsInput', JSON.stringify(['#banks']));
    fakeApi(client, (call) => {
      if (call.path === '/reports') return { body: reportsReplyOf([reportFixture()]) };
      if (call.path === '/overall/research')
        return { body: { ...emptyOverall, highlighted: [reportFixture({ id: 900, title: 'Elsewhere' })] } };
      return undefined;
    });
    renderApp('/search');
    await screen.findByRole('link', { name: 'Regional banks: margins at the turn' });
    expect(screen.queryByRole('heading', { name: 'Highlighted' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Research');
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent('All');
  });

  it('shows a tag carried over from a menu click as a removable tag, and says it filters the list', async () => {
    // What applyNavTag stores when a menu entry with a tag is chosen.
    sessionStorage.setItem('TagsInput', JSON.stringify(['EnergyTransition']));
    const { calls } = api(client, () => reportsReplyOf([reportFixture()]));
    renderApp('/search');
    const active = await screen.findByRole('list', { name: 'Active tags' });
    expect(within(active).getByText('EnergyTransition')).toBeInTheDocument();
    expect(screen.getByText(/Tagged/)).toHaveTextContent('Tagged EnergyTransition');
    await waitFor(() => expect(reportsCalls(calls).at(-1)?.get('tags')).toBe('EnergyTransition'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove tag EnergyTransition' }));
    await waitFor(() => expect(reportsCalls(calls).at(-1)?.get('tags')).toBeNull());
    expect(sessionStorage.getItem('TagsInput')).toBe('[]');
  });

  it('shows a typed Date Range tag in the picker and replaces it with a range picked there', async () => {
    const { calls } = api(client, () => reportsReplyOf([reportFixture()]));
    renderApp('/search');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Tags'), 'Date Range: 2026-01-05 - 2026-01-20{Enter}');
    const picker = screen.getByRole('button', { name: messagesResearch.dateRangeLabel });
    await waitFor(() => expect(picker).toHaveTextContent('Jan 5, 2026 – Jan 20, 2026'));

    await user.click(picker);
    await user.click(await screen.findByRole('button', { name: '8 January 2026' }));
    // One day alone filters nothing yet.
    expect(JSON.parse(sessionStorage.getItem('TagsInput') ?? '[]')).toEqual([
      'Date Range: 2026-01-05 - 2026-01-20',
    ]);
    await user.click(screen.getByRole('button', { name: '12 January 2026' }));
    await waitFor(() => {
      const last = reportsCalls(calls).at(-1);
      expect(last?.get('dStart')).toBe('2026-01-08');
      expect(last?.get('dEnd')).toBe('2026-01-12');
    });
    expect(JSON.parse(sessionStorage.getItem('TagsInput') ?? '[]')).toEqual([
      'Date Range: 2026-01-08 - 2026-01-12',
    ]);
    expect(
      within(screen.getByRole('list', { name: 'Active tags' })).getByText(
        'Date Range: 2026-01-08 - 2026-01-12',
      ),
    ).toBeInTheDocument();
  });

  it('keeps the date filter when a range is started in the picker and abandoned', async () => {
    sessionStorage.setItem('TagsInput', JSON.stringify(['Date Range: 2026-01-05 - 2026-01-20']));
    api(client, () => reportsReplyOf([reportFixture()]));
    renderApp('/search');
    const user = userEvent.setup();
    const picker = await screen.findByRole('button', { name: messagesResearch.dateRangeLabel });
    await user.click(picker);
    await user.click(await screen.findByRole('button', { name: '8 January 2026' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(picker).toHaveTextContent('Jan 5, 2026 – Jan 20, 2026'));
    expect(JSON.parse(sessionStorage.getItem('TagsInput') ?? '[]')).toEqual([
      'Date Range: 2026-01-05 - 2026-01-20',
    ]);
  });

  it('opens the My Research tab from the address (/search?tab=mine)', async () => {
    const { calls } = api(client, () => reportsReplyOf([reportFixture()]));
    renderApp('/search?tab=mine');
    expect(await screen.findByRole('tab', { name: 'My Research' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(reportsCalls(calls).at(-1)?.get('mine')).toBe('1'));
  });

  it('sends tags, the first date range as dStart/dEnd, and keeps them in session storage', async () => {
    const { calls } = api(client, () => reportsReplyOf([reportFixture()]));
    renderApp('/search');
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Tags');
    await user.type(input, 'asia{Enter}Date Range: 2026-01-01 - 2026-02-28{Enter}');
    await waitFor(() => {
      const last = reportsCalls(calls).at(-1);
      expect(last?.get('tags')).toBe('asia');
      expect(last?.get('dStart')).toBe('2026-01-01');
      expect(last?.get('dEnd')).toBe('2026-02-28');
    });
    expect(JSON.parse(sessionStorage.getItem('TagsInput') ?? '[]')).toEqual([
      'asia',
      'Date Range: 2026-01-01 - 2026-02-28',
    ]);
  });

  it('adds a hashtag as a tag filter once', async () => {
    const { calls } = api(client, () => reportsReplyOf([reportFixture({ hashtags: ['banks'] })]));
    renderApp('/search');
    const user = userEvent.setup();
    const tag = await screen.findByRole('button', { name: 'Filter by #banks' });
    await user.click(tag);
    await user.click(await screen.findByRole('button', { name: 'Filter by #banks' }));
    await waitFor(() => expect(reportsCalls(calls).at(-1)?.get('tags')).toBe('#banks'));
    expect(within(screen.getByRole('list', { name: 'Active tags' })).getAllByRole('listitem')).toHaveLength(
      1,
    );
  });

  it('loads the next page with the keyset cursor from the Load more button', async () => {
    const { calls } = api(client, (query) =>
      query.get('cursor') === 'c2'
        ? reportsReplyOf([reportFixture({ id: 2, title: 'Second page report' })])
        : reportsReplyOf([reportFixture()], 'c2'),
    );
    renderApp('/search');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Second page report' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Regional banks: margins at the turn' })).toBeInTheDocument();
    expect(reportsCalls(calls).at(-1)?.get('cursor')).toBe('c2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('asks for the own matrix on the My Research tab', async () => {
    const { calls } = api(client, () => reportsReplyOf([reportFixture()]));
    renderApp('/search');
    const user = userEvent.setup();
    const all = await screen.findByRole('tab', { name: 'All Reports' });
    expect(all).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'My Research' }));
    await waitFor(() => expect(reportsCalls(calls).at(-1)?.get('mine')).toBe('1'));
  });

  it('gives npi clients the branded selection without tabs or highlighted reports', async () => {
    const { calls } = api({ ...client, type: 'npi' }, () => reportsReplyOf([reportFixture()]));
    renderApp('/search');
    expect(
      await screen.findByText(messagesReportAdmin.selectName(getRuntimeConfig().firm.name)),
    ).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Regional banks: margins at the turn' });
    expect(reportsCalls(calls)[0]?.get('type')).toBe('select');
    expect(screen.queryByRole('tab', { name: 'My Research' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Highlighted' })).not.toBeInTheDocument();
  });

  it('lists the saved reports on /SavedResearches', async () => {
    const { calls } = api(client, () => reportsReplyOf([reportFixture({ saved: true })]));
    renderApp('/SavedResearches');
    expect(await screen.findByRole('button', { name: messagesResearch.unsaveReport })).toBeInTheDocument();
    expect(reportsCalls(calls)[0]?.get('type')).toBe('saved');
  });
});
