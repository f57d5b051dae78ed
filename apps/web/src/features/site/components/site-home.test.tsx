import type { LandingReply, Slider } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '../../../test/render-app.tsx';

const slider = (key: string, link: string | null, extra: Partial<Slider> = {}): Slider => ({
  key,
  name: key,
  type: 'image',
  link,
  reportUrl: null,
  heading: `Heading ${key}`,
  subHeading: `Sub ${key}`,
  mediaPath: `sliders/${key}.webp`,
  format: 'image/webp',
  duration: null,
  isPrivate: false,
  ...extra,
});

const landing: LandingReply = {
  sliders: [
    slider('a', '/about'),
    slider('b', '/people;https://example.org/deck'),
    slider('c', 'javascript:alert(1);/access', { reportUrl: '/reports/9_x' }),
  ],
  latest: Array.from({ length: 25 }, (_, i) => ({
    id: i + 1,
    title: `Report ${i + 1}`,
    published_date: '2026-11-19T08:00:00Z',
    analysts: [{ id: 1, name: 'Mei Chen' }],
    sector: { id: 3, sName: 'Banks' },
  })),
};

const serve = () =>
  fakeApi(null, (call) => {
    if (call.path === '/getNavItems') return { body: { data: [] } };
    if (call.path === '/landing') return { body: landing };
    if (call.path === '/overall/ourPeople') return { body: { data: [], categories: [] } };
    if (call.path === '/getCustomPageParam/sRshWebVisionHTML')
      return { body: { name: 'sRshWebVisionHTML', value: '<h3>Vision</h3><p>Trusted first.</p>' } };
    return undefined;
  });

describe('landing', () => {
  it('gives way to the error and its retry when the landing data cannot be loaded', async () => {
    let fail = true;
    fakeApi(null, (call) => {
      if (call.path === '/getNavItems') return { body: { data: [] } };
      if (call.path === '/landing')
        return fail ? { status: 500, body: { success: false, message: 'Landing down' } } : { body: landing };
      if (call.path === '/overall/ourPeople') return { body: { data: [], categories: [] } };
      if (call.path.startsWith('/getCustomPageParam/')) return { status: 404, body: { success: false } };
      return undefined;
    });
    renderApp('/');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('Landing down');
    await waitFor(() => expect(document.querySelector('[data-loader="landing"]')).toBeNull());
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Highlights' }, { timeout: 8000 })).toBeInTheDocument();
  });

  it('shows the banner with the ; link rule, the ticker, the taglines, the research carousel and the hidden vision', async () => {
    serve();
    renderApp('/');
    const banner = await screen.findByRole('region', { name: 'Highlights' }, { timeout: 8000 });
    const slides = within(banner).getAllByRole('group', { name: /of 3$/ });
    expect(slides).toHaveLength(3);
    const [first, second, third] = slides as [HTMLElement, HTMLElement, HTMLElement];
    // Rotation, previous and next controls (the indicators, one a slide position, need a layout: e2e/site.spec.ts).
    expect(within(banner).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Previous slide' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
    expect(within(banner).getByRole('tablist', { name: 'Slides' })).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/about');
    expect(within(second).getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/people');
    const external = within(second).getByRole('link', { name: /opens in a new window/ });
    expect(external).toHaveAttribute('href', 'https://example.org/deck');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    // An unsafe in-page part is dropped; the new-window part and the report link stay.
    expect(within(third).queryByRole('link', { name: 'Learn more' })).not.toBeInTheDocument();
    expect(within(third).getByRole('link', { name: /opens in a new window/ })).toHaveAttribute(
      'href',
      '/access',
    );
    expect(within(third).getByRole('link', { name: 'Read the report' })).toHaveAttribute(
      'href',
      '/reports/9_x',
    );

    const ticker = screen.getByRole('region', { name: 'Latest research' });
    expect(within(ticker).getAllByRole('link')).toHaveLength(25);
    expect(within(ticker).getAllByRole('link')[0]).toHaveAttribute('href', '/reports/1_report-1');
    expect(screen.getByRole('list', { name: 'What we do' })).toHaveTextContent(
      'InvestmentsIdeasAdvisoryFintech',
    );
    const research = await screen.findByRole('region', { name: 'Our Research' });
    expect(within(research).getAllByRole('group', { name: /of 25$/ })).toHaveLength(25);
    const pause = within(research).getByRole('button', { name: 'Pause' });
    expect(within(research).getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
    // 25 cards, several in view: no row of 25 indicators.
    expect(within(research).queryAllByRole('tab')).toHaveLength(0);
    await userEvent.setup().click(pause);
    expect(within(research).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    // No people: no empty carousel.
    expect(screen.queryByRole('region', { name: 'Our People' })).not.toBeInTheDocument();

    const vision = await screen.findByText('Trusted first.');
    expect(vision.closest('section')).toHaveAttribute('hidden');
  });

  it('with reduced motion preferred, the carousels wait to be played', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...matchMedia(query),
      matches: query === '(prefers-reduced-motion: reduce)',
    }));
    serve();
    renderApp('/');
    const banner = await screen.findByRole('region', { name: 'Highlights' }, { timeout: 8000 });
    expect(within(banner).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    const research = await screen.findByRole('region', { name: 'Our Research' });
    expect(within(research).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    // Moving on request still works.
    expect(within(research).getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
  });
});
