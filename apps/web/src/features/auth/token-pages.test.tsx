import { messages, messagesVerification } from '@portal/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, labelled, renderApp } from '../../test/render-app.tsx';

const token = 'a'.repeat(43);

describe('token verification pages (spec 3)', () => {
  it('verify: checks with GET, consumes with POST, then offers the login link', async () => {
    const { calls } = fakeApi(null, (call) => {
      if (call.path !== '/verify') return undefined;
      return call.method === 'GET'
        ? { body: { success: true } }
        : { body: { success: true, message: messagesVerification.emailVerified } };
    });
    renderApp(`/verify?token=${token}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: messagesVerification.registrationComplete }),
    ).toBeInTheDocument();
    expect(screen.getByText(messagesVerification.emailVerified)).toBeInTheDocument();
    expect(screen.getByRole('main').querySelector('a[href="/login/signupPreference"]')).toHaveTextContent(
      'Login',
    );
    const verifyCalls = calls.filter((call) => call.path === '/verify').map((call) => call.method);
    expect(verifyCalls).toEqual(['GET', 'POST']);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ token });
  });

  it('verify: an unknown token shows the invalid page with a sign-up link, without a POST', async () => {
    const { calls } = fakeApi(null, (call) =>
      call.path === '/verify' ? { body: { success: false } } : undefined,
    );
    renderApp(`/verify?token=${token}`);
    expect(
      await screen.findByRole('heading', { name: messagesVerification.tokenInvalid }),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/verify' && call.method === 'POST')).toBe(false);
  });

  it('verify: a network failure shows the internal-error text', async () => {
    fakeApi(null, (call) => (call.path === '/verify' ? Promise.reject(new TypeError('offline')) : undefined));
    renderApp(`/verify?token=${token}`);
    expect(
      await screen.findByText(messagesVerification.internalError, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('reset password: an expired link shows the expired message', async () => {
    fakeApi(null, (call) =>
      call.path === '/users/validateResetToken' ? { body: { success: false } } : undefined,
    );
    renderApp(`/resetpassword?p=${token}`);
    expect(await screen.findByText(messagesVerification.resetExpired)).toBeInTheDocument();
  });

  it('reset password: a valid link shows the form, validates, and confirms the reset', async () => {
    const { calls } = fakeApi(null, (call) => {
      if (call.path === '/users/validateResetToken') return { body: { success: true } };
      if (call.path === '/users/resetPassword')
        return { body: { success: true, message: messagesVerification.passwordReset } };
      return undefined;
    });
    renderApp(`/resetpassword?p=${token}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(labelled('New password')), 'brand-new-pass-1');
    await user.type(screen.getByLabelText(labelled('Confirm password')), 'brand-new-pass-2{Enter}');
    expect(screen.getByLabelText(labelled('Confirm password'))).toHaveAccessibleDescription(
      messages.validation.passwordMismatch.trim(),
    );
    await user.clear(screen.getByLabelText(labelled('Confirm password')));
    await user.type(screen.getByLabelText(labelled('Confirm password')), 'brand-new-pass-1{Enter}');
    expect(await screen.findByText(messagesVerification.passwordReset)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(calls.find((call) => call.path === '/users/resetPassword')?.body).toEqual({
      token,
      newpassword: 'brand-new-pass-1',
      confirmpassword: 'brand-new-pass-1',
    });
  });

  it('message/verify shows the verified text with a link home', async () => {
    fakeApi(null);
    renderApp('/message/verify');
    expect(await screen.findByText(messagesVerification.emailVerified)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('message/{anything else} is a 404', async () => {
    fakeApi(null);
    renderApp('/message/unknown');
    expect(await screen.findByRole('heading', { name: messages.pages.notFound })).toBeInTheDocument();
  });
});
