import { messages, messagesResearch } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiRequest, resetCsrfToken } from '../../../lib/api-client.ts';
import { formatPublishedDate } from '../../../lib/format.ts';
import { fakeApi, renderWithProviders } from '../../../test/render-app.tsx';
import { reportFixture } from '../../../test/research-fixtures.ts';
import { ReportCard } from './report-card.tsx';

const wrap = (ui: ReactNode) => renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>);

describe('report card', () => {
  it('links the analyst, first sector and title by their slugs', () => {
    wrap(
      <ReportCard
        report={reportFixture({
          sectors: [
            { id: 3, sName: 'Financials' },
            { id: 4, sName: 'Real Estate' },
          ],
        })}
      />,
    );
    expect(screen.getByRole('link', { name: 'Mei Lin Chan' })).toHaveAttribute(
      'href',
      '/analysts/5_mei-lin-chan',
    );
    expect(screen.getByRole('link', { name: 'Financials' })).toHaveAttribute('href', '/sectors/3_financials');
    expect(screen.queryByRole('link', { name: 'Real Estate' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Regional banks: margins at the turn' })).toHaveAttribute(
      'href',
      '/reports/101_regional-banks-margins-at-the-turn',
    );
    expect(screen.getByText('ML')).toBeInTheDocument();
  });

  it("says 'Unknown' for a missing analyst and shows no placeholder for a missing geography or description", () => {
    wrap(<ReportCard report={reportFixture({ analysts: [], description: '  ' })} />);
    expect(screen.getByText(messagesResearch.unknownAnalyst)).toBeInTheDocument();
    expect(screen.queryByText(/No Geography|No Description/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Companies|Countries):/ })).not.toBeInTheDocument();
  });

  it('shows companies before countries in a popup that opens on focus and closes on Escape', async () => {
    wrap(
      <ReportCard
        report={reportFixture({
          companies: [
            { id: 9, name: 'Harbour Bank', display: 'Harbour Bank Ltd', sName: 'HB' },
            { id: 10, name: 'Kowloon Trust', display: '', sName: 'KT' },
          ],
          countries: [{ id: 1, name: 'Hong Kong' }],
        })}
      />,
    );
    const button = screen.getByRole('button', { name: 'Companies: Harbour Bank Ltd +1' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Kowloon Trust' })).toHaveAttribute('href', '/companies/10');
    expect(screen.queryByText('Hong Kong')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('falls back to the countries, linking to their region page', () => {
    wrap(<ReportCard report={reportFixture({ countries: [{ id: 1, name: 'Hong Kong' }] })} />);
    expect(screen.getByRole('button', { name: 'Countries: Hong Kong' })).toBeInTheDocument();
  });

  it('offers Read more only above 200 characters and toggles between the cut and the full text', async () => {
    const exactly200 = 'x'.repeat(200);
    const { unmount } = wrap(<ReportCard report={reportFixture({ description: exactly200 })} />);
    expect(screen.getByText(exactly200)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Read more' })).not.toBeInTheDocument();
    unmount();

    const long = `${'word '.repeat(60)}END`;
    wrap(<ReportCard report={reportFixture({ description: long })} />);
    const toggle = screen.getByRole('button', { name: 'Read more' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/END/)).not.toBeInTheDocument();
    expect(screen.getByText(/…$/).textContent?.length).toBeLessThanOrEqual(201);
    await userEvent.setup().click(toggle);
    expect(screen.getByText(/END$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('cuts the text at 1000 characters even when expanded', async () => {
    const huge = `${'a'.repeat(999)}bcdef`;
    wrap(<ReportCard report={reportFixture({ description: huge })} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Read more' }));
    const text = screen.getByText(/^a+/).textContent ?? '';
    expect(text).not.toContain('bcdef');
    expect(text.replace('…', '').length).toBeLessThanOrEqual(1000);
  });

  it('shows 200 characters in the grid view, without a toggle', () => {
    wrap(<ReportCard view="grid" report={reportFixture({ description: 'y'.repeat(600) })} />);
    expect(screen.getByRole('article')).toHaveAttribute('data-view', 'grid');
    expect((screen.getByText(/^y+/).textContent ?? '').replace('…', '')).toHaveLength(200);
    expect(screen.queryByRole('button', { name: 'Read more' })).not.toBeInTheDocument();
  });

  it('shows the UTC publication date in local time', () => {
    // 20:00 UTC on 1 March is 2 March in Hong Kong and still 1 March in New York.
    expect(formatPublishedDate('2026-03-01T20:00:00Z', 'Asia/Hong_Kong')).toBe('Mar 2, 2026');
    expect(formatPublishedDate('2026-03-01T20:00:00', 'Asia/Hong_Kong')).toBe('Mar 2, 2026');
    expect(formatPublishedDate('2026-03-01 20:00:00', 'America/New_York')).toBe('Mar 1, 2026');
    wrap(<ReportCard report={reportFixture({ published_date: '2026-03-01T20:00:00' })} />);
    const time = screen.getByText(formatPublishedDate('2026-03-01T20:00:00Z'));
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-03-01T20:00:00.000Z');
  });

  it('renders only <mark> from the snippet and shows other markup as text', () => {
    wrap(
      <ReportCard
        report={reportFixture({
          snippet: 'loan <mark>growth</mark> <img src=x onerror=alert(1)> &amp; more',
        })}
      />,
    );
    const article = screen.getByRole('article');
    expect(within(article).getByText('growth').tagName).toBe('MARK');
    expect(article.querySelector('img')).toBeNull();
    expect(article).toHaveTextContent('<img src=x onerror=alert(1)> & more');
  });

  it('marks reports outside the subscription with a lock badge named for what it means', () => {
    wrap(<ReportCard report={reportFixture({ entitled: false })} />);
    const badge = screen.getByRole('img', { name: `Locked: ${messagesResearch.notEntitled}` });
    expect(badge).toHaveTextContent('Locked');
  });

  it('has no lock badge on a report the reader may open', () => {
    wrap(<ReportCard report={reportFixture({ entitled: true })} />);
    expect(screen.queryByRole('img', { name: /^Locked/ })).not.toBeInTheDocument();
  });

  it.each([
    ['pdf', 'PDF'],
    ['xlsx', 'Model'],
    ['xls', 'Model'],
    ['mp3', 'Audio'],
    ['mp4', 'Video'],
    ['youtube', 'Video'],
    ['htm', 'Note'],
  ] as const)('names a %s file %s', (filetype, label) => {
    wrap(<ReportCard report={reportFixture({ filetype })} />);
    expect(within(screen.getByRole('article')).getByText(label, { exact: true })).toBeInTheDocument();
  });

  it("shows the reading time as '6 min read', and nothing without an estimate", () => {
    const { unmount } = wrap(<ReportCard report={reportFixture({ reading_minutes: 6 })} />);
    expect(screen.getByText('6 min read')).toBeInTheDocument();
    unmount();
    wrap(<ReportCard report={reportFixture({ reading_minutes: null })} />);
    expect(screen.queryByText(/min read/)).not.toBeInTheDocument();
  });

  it('passes a hashtag to the list as a tag filter', async () => {
    const chosen: string[] = [];
    wrap(
      <ReportCard
        report={reportFixture({ hashtags: ['banks', '#asia'] })}
        onTag={(tag) => chosen.push(tag)}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filter by #banks' }));
    await user.click(screen.getByRole('button', { name: 'Filter by #asia' }));
    expect(chosen).toEqual(['#banks', '#asia']);
  });
});

describe('save toggle', () => {
  it('saves with status 1 and the CSRF header, then unsaves with status 0', async () => {
    resetCsrfToken();
    const { calls } = fakeApi(null, (call) => {
      if (call.path === '/users/me') return { body: { success: true, data: null } };
      if (call.path === '/reports/save/') {
        const body = call.body as { status: number };
        return { body: { success: true, saved: body.status === 1 } };
      }
      return undefined;
    });
    // The client learns the CSRF token from any reply; the app's first call is GET /users/me.
    await apiRequest('GET', '/users/me');
    wrap(<ReportCard report={reportFixture()} />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: messagesResearch.saveReport });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(screen.getByRole('button', { name: messagesResearch.unsaveReport })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(calls.filter((c) => c.path === '/reports/save/')).toHaveLength(1));
    const save = calls.find((c) => c.path === '/reports/save/');
    expect(save?.method).toBe('POST');
    expect(save?.body).toEqual({ id: 101, status: 1 });
    expect(save?.headers['x-csrf-token']).toBe('csrf-from-server');

    await waitFor(() =>
      expect(screen.getByRole('button', { name: messagesResearch.unsaveReport })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: messagesResearch.unsaveReport }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/reports/save/')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/reports/save/')[1]?.body).toEqual({ id: 101, status: 0 });
    expect(screen.getByRole('button', { name: messagesResearch.saveReport })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('rolls back and explains when saving fails', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fakeApi(null, (call) =>
      call.path === '/reports/save/'
        ? gate.then(() => ({ status: 500, body: { success: false, message: messages.errors.internal } }))
        : undefined,
    );
    wrap(<ReportCard report={reportFixture({ saved: true })} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: messagesResearch.unsaveReport }));
    // Optimistic: flipped before the server answers.
    expect(screen.getByRole('button', { name: messagesResearch.saveReport })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent(messagesResearch.unsaveFailed);
    expect(screen.getByRole('button', { name: messagesResearch.unsaveReport })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
