import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderApp } from '../../test/render-app.tsx';

const siteBanner = async () => {
  // jsdom counts a page's own <header> inside <main> as a banner too; the site header is the first one.
  const [banner] = await screen.findAllByRole('banner');
  if (!banner) throw new Error('no banner');
  return banner;
};

describe('header and footer: the ?rfsUrl mode (spec 1 section 2.2)', () => {
  it('sends the logo to sign-up (on to the report of the link) and the footer links to sign-in first', async () => {
    fakeApi(null);
    renderApp('/about?rfsUrl=%2Freports%2F12_asia-chips');
    const home = within(await siteBanner()).getByRole('link', { name: 'Harbourline Research' });
    expect(home).toHaveAttribute(
      'href',
      `/signup?redirectUrl=${encodeURIComponent('/reports/12_asia-chips')}`,
    );
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      `/login?redirectUrl=${encodeURIComponent('/privacy')}`,
    );
    expect(within(footer).getByRole('link', { name: 'Team' })).toHaveAttribute(
      'href',
      `/login?redirectUrl=${encodeURIComponent('/people')}`,
    );
  });

  it('never carries a foreign address from rfsUrl, and leaves the links alone without the query', async () => {
    fakeApi(null);
    const first = renderApp('/about?rfsUrl=https%3A%2F%2Fevil.example%2Fx');
    expect(within(await siteBanner()).getByRole('link', { name: 'Harbourline Research' })).toHaveAttribute(
      'href',
      '/signup',
    );
    first.unmount();
    renderApp('/about');
    expect(within(await siteBanner()).getByRole('link', { name: 'Harbourline Research' })).toHaveAttribute(
      'href',
      '/',
    );
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });
});

describe("header: the firm's social icons (spec 1 section 2.3)", () => {
  afterEach(() => {
    window.__PORTAL_CONFIG__ = undefined;
  });

  it('links each configured page in a new tab, named for the network', async () => {
    window.__PORTAL_CONFIG__ = {
      firm: {
        name: 'Quayside Partners',
        social: [
          { network: 'linkedin', url: 'https://www.linkedin.com/company/quayside' },
          { network: 'youtube', url: 'https://www.youtube.com/@quayside' },
        ],
      },
    };
    fakeApi(null);
    renderApp('/about');
    const list = within(await siteBanner()).getByRole('list', { name: 'Quayside Partners on social media' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Quayside Partners on LinkedIn (opens in a new tab)', 'https://www.linkedin.com/company/quayside'],
      ['Quayside Partners on YouTube (opens in a new tab)', 'https://www.youtube.com/@quayside'],
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('shows none when none are configured', async () => {
    window.__PORTAL_CONFIG__ = { firm: { social: [] } };
    fakeApi(null);
    renderApp('/about');
    await siteBanner();
    expect(screen.queryByRole('list', { name: /on social media$/ })).toBeNull();
  });
});
