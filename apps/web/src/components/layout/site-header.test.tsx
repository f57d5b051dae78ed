import { limits, messages } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { client, fakeApi, renderApp } from '../../test/render-app.tsx';
import { initialsOf } from './user-menu.tsx';

describe('header', () => {
  afterEach(() => {
    window.__PORTAL_CONFIG__ = undefined;
  });

  it("shows the firm's initial, or its logo as a decorative picture beside the name; the footer lists its offices", async () => {
    fakeApi(null);
    const first = renderApp('/about');
    const [banner] = await screen.findAllByRole('banner');
    if (!banner) throw new Error('no banner');
    const home = within(banner).getByRole('link', { name: 'Harbourline Research' });
    expect(home).toHaveTextContent('HHarbourline Research');
    expect(home.querySelector('img')).toBeNull();
    expect(await screen.findByRole('contentinfo')).toHaveTextContent(
      'Hong Kong · Singapore · London · New York',
    );
    first.unmount();

    window.__PORTAL_CONFIG__ = {
      firm: {
        name: 'Quayside Partners',
        offices: ['Zurich', 'Geneva'],
        logoUrl: '/api/media/brand/logo.svg',
      },
    };
    renderApp('/about');
    const [branded] = await screen.findAllByRole('banner');
    if (!branded) throw new Error('no banner');
    const link = within(branded).getByRole('link', { name: 'Quayside Partners' });
    expect(link).toHaveTextContent(/^Quayside Partners$/);
    const logo = link.querySelector('img');
    expect(logo).toHaveAttribute('src', '/api/media/brand/logo.svg');
    expect(logo).toHaveAttribute('alt', '');
    expect(await screen.findByRole('contentinfo')).toHaveTextContent('Zurich · Geneva');
    expect(await screen.findByRole('contentinfo')).not.toHaveTextContent('Singapore');
  });

  it('offers Login and Sign up when signed out', async () => {
    fakeApi(null);
    renderApp('/about');
    // jsdom counts a page's own <header> inside <main> as a banner too; the site header is the first one.
    const [banner] = await screen.findAllByRole('banner');
    if (!banner) throw new Error('no banner');
    expect(await within(banner).findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(banner).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('shows the initials badge linking to settings', async () => {
    fakeApi(client);
    renderApp('/about');
    // WCAG 2.5.3: the name begins with the initials the badge shows.
    const badge = await screen.findByRole('link', { name: 'AB, Account settings' });
    expect(badge).toHaveAttribute('href', '/settings');
    expect(badge).toHaveTextContent('AB');
    expect(initialsOf('  grace  hopper  ')).toBe('GH');
  });

  it('asks before signing out: Cancel keeps the session, Yes signs out, goes home and reloads the menu 1.5 s later', async () => {
    const { calls } = fakeApi(client, (call) => {
      if (call.path === '/users/logout') return { body: { success: true, message: messages.auth.signedOut } };
      if (call.path === '/getNavItems') return { body: { data: [] } };
      return undefined;
    });
    const menuLoads = () => calls.filter((call) => call.path === '/getNavItems').length;
    sessionStorage.setItem('TagsInput', '["x"]');
    const app = renderApp('/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sign out' });
    expect(dialog).toHaveTextContent(messages.auth.signOutConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.path === '/users/logout')).toBe(false);
    expect(screen.getByRole('link', { name: /Account settings$/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    dialog = await screen.findByRole('dialog', { name: 'Sign out' });
    await waitFor(() => expect(menuLoads()).toBe(1));
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    const signedOutAt = Date.now();
    await waitFor(() => expect(app.location()).toBe('/'));
    // The header is re-mounted when the layout changes; query afresh on each try rather than hold an element.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument());
    expect(calls.find((call) => call.path === '/users/logout')?.method).toBe('POST');
    expect(sessionStorage.getItem('TagsInput')).toBeNull();
    // The menu is kept through the sign-out and asked for again after limits.logoutRefreshMs.
    expect(menuLoads()).toBe(1);
    await waitFor(() => expect(menuLoads()).toBe(2), { timeout: 4000 });
    expect(Date.now() - signedOutAt).toBeGreaterThanOrEqual(limits.logoutRefreshMs - 100);
    // Still on the landing page: the guard of /settings never sent the signed-out visitor to /signup.
    expect(app.location()).toBe('/');
  });

  it('submits the search only when the text is non-empty', async () => {
    fakeApi(client);
    const app = renderApp('/about');
    const user = userEvent.setup();
    const search = await screen.findByRole('combobox', { name: 'Search research' });
    await user.type(search, '   {Enter}');
    expect(app.location()).toBe('/about');
    await user.type(search, ' asia banks {Enter}');
    await waitFor(() => expect(app.location()).toBe('/search?q=asia%20banks'));
  });

  it('shows the cookie banner until Accept stores the consent cookie', async () => {
    fakeApi(null);
    renderApp('/about');
    const banner = await screen.findByRole('region', { name: 'Cookie consent' });
    expect(banner).toHaveTextContent(messages.pages.cookieBanner);
    expect(within(banner).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    expect(document.cookie).toContain('cookie_consent=true');
  });
});
