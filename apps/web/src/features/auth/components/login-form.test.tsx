import { messages } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { client, fakeApi, labelled, renderApp } from '../../../test/render-app.tsx';

describe('login screen (spec 1 section 2.5)', () => {
  it('signs in and goes to redirectUrl, keeping its query', async () => {
    fakeApi(null, (call) =>
      call.path === '/users/login' ? { body: { success: true, data: client } } : undefined,
    );
    const app = renderApp('/login?redirectUrl=%2Fsettings%3Ftab%3D1&email=ada%40engines.example');
    expect(await screen.findByLabelText(labelled('Email'))).toHaveValue('ada@engines.example');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(labelled('Password')), 'Portal-demo-1{Enter}');
    await waitFor(() => expect(app.location()).toBe('/settings?tab=1'));
    expect(await screen.findByRole('link', { name: /Account settings$/ })).toBeInTheDocument();
  });

  it('sends /login/signupPreference to the subscription preferences after sign-in', async () => {
    fakeApi(null, (call) =>
      call.path === '/users/login' ? { body: { success: true, data: client } } : undefined,
    );
    const app = renderApp('/login/signupPreference');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(labelled('Email')), 'ada@engines.example');
    await user.type(screen.getByLabelText(labelled('Password')), 'Portal-demo-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(app.location()).toBe('/subscriptionPreference/home'));
  });

  it('shows the server message in an alert, keeps the input, and links to resend for unverified e-mail', async () => {
    fakeApi(null, (call) =>
      call.path === '/users/login'
        ? {
            status: 403,
            body: { success: false, message: messages.auth.emailNotVerified, code: 'emailNotVerified' },
          }
        : undefined,
    );
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(labelled('Email')), 'new@firm.example');
    await user.type(screen.getByLabelText(labelled('Password')), 'whatever-1{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.auth.emailNotVerified);
    expect(within(alert).getByRole('link', { name: 'Resend verification email' })).toHaveAttribute(
      'href',
      '/resendVerify?email=new%40firm.example',
    );
    expect(screen.getByLabelText(labelled('Email'))).toHaveValue('new@firm.example');
  });

  it('does not reload the page on a 401 from the login call', async () => {
    const { calls } = fakeApi(null, (call) =>
      call.path === '/users/login'
        ? { status: 401, body: { success: false, message: messages.auth.invalidCredentials } }
        : undefined,
    );
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(labelled('Email')), 'ada@engines.example');
    await user.type(screen.getByLabelText(labelled('Password')), 'wrong{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.invalidCredentials);
    expect(calls.filter((call) => call.path === '/users/login')).toHaveLength(1);
  });

  it('toggles the password visibility with a labelled button', async () => {
    fakeApi(null);
    renderApp('/login');
    const user = userEvent.setup();
    const password = await screen.findByLabelText(labelled('Password'));
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('forgot password: no request when empty, success state, closing clears it', async () => {
    const { calls } = fakeApi(null, (call) =>
      call.path === '/users/forgotPassword'
        ? { body: { success: 'true', message: messages.forgotPassword.success } }
        : undefined,
    );
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    let dialog = await screen.findByRole('dialog', { name: 'Forgot password' });
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(within(dialog).getByLabelText(labelled('Email'))).toHaveAccessibleDescription(
      messages.validation.emailRequired,
    );
    expect(calls.some((call) => call.path === '/users/forgotPassword')).toBe(false);

    await user.type(within(dialog).getByLabelText(labelled('Email')), 'ada@engines.example{Enter}');
    expect(await within(dialog).findByText(messages.forgotPassword.success)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    dialog = await screen.findByRole('dialog', { name: 'Forgot password' });
    expect(within(dialog).queryByText(messages.forgotPassword.success)).not.toBeInTheDocument();
  });

  it('forgot password: a network failure shows the internal-error text', async () => {
    fakeApi(null, (call) =>
      call.path === '/users/forgotPassword' ? Promise.reject(new TypeError('offline')) : undefined,
    );
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot password' });
    await user.type(within(dialog).getByLabelText(labelled('Email')), 'ada@engines.example{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.forgotPassword.networkError);
  });
});
