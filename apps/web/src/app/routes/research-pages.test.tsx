import type { Analyst } from '@portal/contract';
import { messagesResearch } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Call, client, fakeApi, parameterReply, renderApp } from '../../test/render-app.tsx';
import { emptyOverall, reportFixture, reportsReplyOf } from '../../test/research-fixtures.ts';

const person = (overrides: Partial<Analyst> = {}): Analyst => ({
  id: 5,
  name: 'Mei Lin Chan',
  designation: 'Senior Analyst, Banks',
  email: 'mei.chan@harbourline.example',
  phone: '+852 3000 0105',
  country: 'Hong Kong',
  description: '<p>Covers <strong>banks</strong>.</p><script>alert(1)</script><img src=x onerror="alert(2)">',
  image_path: null,
  sJobCat: 'Analysts',
  sJobId: 'A1',
  sectors: [{ id: 3, sName: 'Financials' }],
  order: 1,
  is_our_people: true,
  ...overrides,
});

const api = (analysts: Analyst[], bookings: string) =>
  fakeApi(client, (call: Call) => {
    if (call.path === '/analysts') return { body: { data: analysts } };
    const parameter = parameterReply(call, {
      bEnableConnectBookings: bookings,
      rw_CNTBkTalkToThe: 'Talk to Mei',
    });
    if (parameter) return parameter;
    if (call.path === '/reports') return { body: reportsReplyOf([reportFixture()]) };
    if (call.path === '/overall/research') return { body: emptyOverall };
    return undefined;
  });

describe('analyst page', () => {
  it('shows the profile, safe description, booking link and reports', async () => {
    const { calls } = api([person()], '1');
    const { container } = renderApp('/analysts/5_mei-lin-chan');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mei Lin Chan' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'mei.chan@harbourline.example' })).toHaveAttribute(
      'href',
      'mailto:mei.chan@harbourline.example',
    );
    expect(screen.getByText('banks').tagName).toBe('STRONG');
    expect(container.querySelector('script, img[onerror]')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Talk to Mei' })).toHaveAttribute(
      'href',
      '/connect/appointment/5',
    );
    expect(
      await screen.findByRole('link', { name: 'Regional banks: margins at the turn' }),
    ).toBeInTheDocument();
    expect(new URLSearchParams(calls.find((c) => c.path === '/reports')?.search).get('analyst')).toBe('5');
  });

  it("hides the booking link unless bookings are on and the person is an analyst; 'No description'", async () => {
    api([person({ sJobCat: 'Sales', description: null })], '1');
    renderApp('/analysts/5');
    expect(await screen.findByText(messagesResearch.analystNoDescription)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Talk to Mei' })).not.toBeInTheDocument());
  });

  it("says 'No such analyst exists' for an unknown id", async () => {
    api([], '1');
    renderApp('/analysts/404_nobody');
    expect(
      await screen.findByRole('heading', { level: 1, name: messagesResearch.analystMissing }),
    ).toBeInTheDocument();
  });
});

describe('our people', () => {
  it('shows 20 placeholders, then category tabs, sector sub-tabs with All and 375-character descriptions', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const people = [
      person({ description: `<p>${'z'.repeat(500)}</p>` }),
      person({ id: 6, name: 'Rafael Ong', sectors: [{ id: 4, sName: 'Telecoms' }] }),
      person({ id: 7, name: 'Ana Sales', sJobCat: 'Sales', sectors: [] }),
    ];
    fakeApi(null, (call) =>
      call.path === '/overall/ourPeople'
        ? gate.then(() => ({ body: { data: people, categories: ['Analysts', 'Sales'] } }))
        : undefined,
    );
    const { container } = renderApp('/people');
    await waitFor(() => expect(container.querySelectorAll('[data-skeleton]')).toHaveLength(20));
    release();
    const tabs = await screen.findByRole('tablist', { name: 'Job category' });
    expect(within(tabs).getByRole('tab', { name: 'Analysts' })).toHaveAttribute('aria-selected', 'true');
    expect((screen.getByText(/^z+/).textContent ?? '').replace('…', '')).toHaveLength(375);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Telecoms' }));
    expect(screen.getByRole('link', { name: 'Rafael Ong' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mei Lin Chan' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(screen.getByRole('link', { name: 'Mei Lin Chan' })).toBeInTheDocument();
    await user.click(within(tabs).getByRole('tab', { name: 'Sales' }));
    expect(screen.getByRole('link', { name: 'Ana Sales' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rafael Ong' })).not.toBeInTheDocument();
  });
});

describe('region page', () => {
  const countries = {
    data: [{ id: 2, name: 'Hong Kong', region: { id: 1, name: 'Greater China' } }],
    regions: [{ id: 1, name: 'Greater China' }],
  };
  const regionApi = () =>
    fakeApi(client, (call) => {
      if (call.path === '/countries') return { body: countries };
      if (call.path === '/reports') return { body: reportsReplyOf([reportFixture()]) };
      return undefined;
    });

  it('lists the reports of a region by its name', async () => {
    const { calls } = regionApi();
    renderApp('/regions/greater%20china');
    expect(await screen.findByRole('heading', { level: 1, name: 'Greater China' })).toBeInTheDocument();
    expect(screen.getByText('Covering Hong Kong')).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Regional banks: margins at the turn' });
    expect(new URLSearchParams(calls.find((c) => c.path === '/reports')?.search).get('region')).toBe(
      'Greater China',
    );
  });

  it('lists the reports of a country when the name is a country (country suggestions link here)', async () => {
    const { calls } = regionApi();
    renderApp('/region/Hong%20Kong');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hong Kong' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Regional banks: margins at the turn' });
    const query = new URLSearchParams(calls.find((c) => c.path === '/reports')?.search);
    expect(query.get('country')).toBe('2');
    expect(query.get('region')).toBeNull();
  });
});
