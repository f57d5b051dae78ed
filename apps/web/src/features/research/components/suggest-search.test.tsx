import { maxSuggestions } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { client, fakeApi, renderApp } from '../../../test/render-app.tsx';
import { flattenSuggestions, shownSuggestions } from './suggest-search.tsx';

const reply = {
  analysts: [{ id: 5, name: 'Mei Lin Chan' }],
  companies: [{ id: 9, name: 'Harbour Bank' }],
  countries: [{ id: 1, name: 'Hong Kong' }],
  sectors: [{ id: 3, sName: 'Financials' }],
  reports: [
    { id: 101, title: 'Banks at the turn', published_date: '2026-03-01T00:00:00Z' },
    { id: 102, title: 'Sixth suggestion', published_date: '2026-03-02T00:00:00Z' },
  ],
};

describe('header search suggestions', () => {
  it('shows at most 5 grouped suggestions and opens the active one with the keyboard', async () => {
    const { calls } = fakeApi(client, (call) =>
      call.path === '/reports/suggestions' ? { body: reply } : undefined,
    );
    const app = renderApp('/about');
    const user = userEvent.setup();
    const box = await screen.findByRole('combobox', { name: 'Search research' });
    await user.type(box, 'ha');
    const listbox = await screen.findByRole('listbox', { name: 'Search research suggestions' });
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(5);
    expect(shownSuggestions).toBe(maxSuggestions);
    expect(screen.queryByText('Sixth suggestion')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Companies' })).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(new URLSearchParams(calls.find((c) => c.path === '/reports/suggestions')?.search).get('q')).toBe(
      'ha',
    );

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]?.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[4]?.id);
    await user.keyboard('{Escape}');
    expect(listbox).not.toBeVisible();
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(app.location()).toBe('/companies/9'));
  });

  it('links a country suggestion to its region page', async () => {
    fakeApi(client, (call) => (call.path === '/reports/suggestions' ? { body: reply } : undefined));
    const app = renderApp('/about');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('combobox', { name: 'Search research' }), 'ho');
    await user.click(await screen.findByRole('option', { name: 'Hong Kong' }));
    await waitFor(() => expect(app.location()).toBe('/regions/Hong%20Kong'));
  });

  it('submits the text to /search when no suggestion is active', async () => {
    fakeApi(client, (call) => (call.path === '/reports/suggestions' ? { body: reply } : undefined));
    const app = renderApp('/about');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('combobox', { name: 'Search research' }), 'harbour{Enter}');
    await waitFor(() => expect(app.location()).toBe('/search?q=harbour'));
  });

  it('lists matching blog posts as a group of their own linking /post/{id}, keeping room for them in the five', () => {
    const posts = [
      { id: 7, title: 'Copper after the strike', key: 'keyword1', published_date: '2026-03-03T00:00:00Z' },
      { id: 8, title: 'Copper, again', key: 'keyword1', published_date: '2026-03-04T00:00:00Z' },
      { id: 9, title: 'Third post', key: 'keyword1', published_date: '2026-03-05T00:00:00Z' },
    ];
    const shown = flattenSuggestions({ ...reply, posts });
    expect(shown).toHaveLength(shownSuggestions);
    expect(shown.filter((s) => s.group === 'Posts').map((s) => [s.label, s.href])).toEqual([
      ['Copper after the strike', '/post/7'],
      ['Copper, again', '/post/8'],
    ]);
    expect(shown.at(-1)?.group).toBe('Posts');
    const alone = flattenSuggestions({
      ...reply,
      analysts: [],
      companies: [],
      countries: [],
      sectors: [],
      reports: [],
      posts,
    });
    expect(alone.map((s) => s.key)).toEqual(['p7', 'p8', 'p9']);
  });
});
