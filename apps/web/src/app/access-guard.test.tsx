import { messages, messagesSite, storageKeys } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { client, fakeApi, renderApp } from '../test/render-app.tsx';

describe('access guard (spec 1 section 2.2)', () => {
  it('sends an anonymous visitor from a protected route to /signup carrying path and query', async () => {
    fakeApi(null);
    const app = renderApp('/settings?tab=password');
    // With the route state the guard leaves, /signup shows its sign-in modal over a dummy page (spec 1 2.5).
    expect(await screen.findByRole('dialog', { name: messagesSite.gateTitle })).toBeInTheDocument();
    expect(app.location()).toBe(`/signup?redirectUrl=${encodeURIComponent('/settings?tab=password')}`);
  });

  it('matches routes case-insensitively, so the guard applies to any spelling', async () => {
    fakeApi(null);
    const app = renderApp('/SAVEDRESEARCHES');
    await screen.findByRole('dialog', { name: messagesSite.gateTitle });
    expect(app.location()).toBe('/signup?redirectUrl=%2FSAVEDRESEARCHES');
  });

  it('shows the sign-in modal over a dummy page only with route state; Create an account shows the form', async () => {
    fakeApi(null);
    const plain = renderApp('/signup?redirectUrl=%2Fsettings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an account' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    plain.unmount();

    const app = renderApp('/settings');
    const dialog = await screen.findByRole('dialog', { name: messagesSite.gateTitle });
    expect(within(dialog).getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Email/)).toBeInTheDocument();
    // The page behind is shapes only, hidden from assistive technology.
    expect(document.querySelector('[inert][aria-hidden="true"]')).not.toBeNull();
    await userEvent.click(within(dialog).getByRole('link', { name: messagesSite.gateCreate }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an account' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.location()).toBe('/signup?redirectUrl=%2Fsettings');
  });

  it('signs in from the modal and moves on to the page that asked for it', async () => {
    fakeApi(null, (call) =>
      call.method === 'POST' && call.path === '/users/login'
        ? { body: { success: true, data: client } }
        : undefined,
    );
    const app = renderApp('/settings');
    const dialog = await screen.findByRole('dialog', { name: messagesSite.gateTitle });
    await userEvent.type(within(dialog).getByLabelText(/^Email/), client.email);
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'correct horse battery');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(app.location()).toBe('/settings');
  });

  it('shows a loader, not the page, while the current user is unknown', async () => {
    let answer: (reply: { body: unknown }) => void = () => {};
    const pending = new Promise<{ body: unknown }>((resolve) => {
      answer = resolve;
    });
    fakeApi(null, (call) => (call.path === '/users/me' ? (pending as never) : undefined));
    renderApp('/settings');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('heading', { name: 'Settings' })).not.toBeInTheDocument();
    answer({ body: { success: true, data: client } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  });

  it('sends a signed-in user from /login, /signup and / to /home', async () => {
    for (const path of ['/login', '/signup', '/']) {
      fakeApi(client);
      const app = renderApp(path);
      await waitFor(() => expect(app.location()).toBe('/home'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeInTheDocument();
      app.unmount();
    }
  });

  it('honours redirectUrl for a signed-in user arriving at /login', async () => {
    fakeApi(client);
    const app = renderApp('/login?redirectUrl=%2Fsettings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(app.location()).toBe('/settings');
  });

  it('treats success:false from /users/me as signed out: home, session storage cleared', async () => {
    sessionStorage.setItem(storageKeys.tagsInput, 'x');
    fakeApi(null, (call) =>
      call.path === '/users/me' ? { body: { success: false, data: null } } : undefined,
    );
    const app = renderApp('/settings');
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(sessionStorage.getItem(storageKeys.tagsInput)).toBeNull();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('remembers visited paths as prevUrl, except sign-in, sign-up and verification', async () => {
    fakeApi(null);
    const app = renderApp('/privacy?x=1');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    // Remembered by an effect of the shell, which may run just after the screen shows.
    await waitFor(() => expect(localStorage.getItem(storageKeys.prevUrl)).toBe('/privacy?x=1'));
    await app.router.navigate('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(localStorage.getItem(storageKeys.prevUrl)).toBe('/privacy?x=1');
  });

  it('shows the registration notice for a confirmed query', async () => {
    fakeApi(null);
    renderApp('/about?confirmed=true');
    expect(await screen.findByText(messages.notices.registrationConfirmed)).toHaveAttribute('role', 'status');
  });
});

describe('404 page', () => {
  it('shows the heading and a noindex marker only while it is displayed', async () => {
    fakeApi(null);
    const app = renderApp('/no-such-page/anywhere');
    expect(
      await screen.findByRole('heading', { level: 1, name: messages.pages.notFound }),
    ).toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await app.router.navigate('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('is inside the main layout with its landmarks', async () => {
    fakeApi(null);
    renderApp('/nope');
    await screen.findByRole('heading', { name: messages.pages.notFound });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
