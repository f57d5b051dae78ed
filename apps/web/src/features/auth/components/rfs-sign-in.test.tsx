import { messages } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../../lib/api-client.ts';
import { client, fakeApi, labelled, renderWithProviders } from '../../../test/render-app.tsx';
import { RfsSignIn } from './rfs-sign-in.tsx';

/** Renders one component inside the app's providers and a router at `path`. */
const renderAt = (element: ReactNode, path = '/rfs.htm') => {
  resetCsrfToken();
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return renderWithProviders(<RouterProvider router={router} />);
};

describe('RfsSignIn', () => {
  it('keeps Sign in disabled while the password is empty, then signs in and reports back', async () => {
    const { calls } = fakeApi(null, (call) =>
      call.path === '/users/login' ? { body: { success: true, data: client } } : undefined,
    );
    const onSignedIn = vi.fn();
    renderAt(<RfsSignIn email="ada@engines.example" onSignedIn={onSignedIn} />);
    const form = screen.getByRole('form', { name: 'Sign in with your password' });
    const submit = within(form).getByRole('button', { name: 'Sign in' });
    expect(within(form).getByLabelText(labelled('Email'))).toHaveValue('ada@engines.example');
    expect(submit).toBeDisabled();
    expect(within(form).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(within(form).getByRole('button', { name: 'Forgot Password' })).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText(labelled('Password')), 'Portal-demo-1');
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.path === '/users/login')?.body).toEqual({
      email: 'ada@engines.example',
      password: 'Portal-demo-1',
    });
  });

  it('shows the server message under the form when the password is wrong', async () => {
    fakeApi(null, (call) =>
      call.path === '/users/login'
        ? { status: 401, body: { success: false, message: messages.auth.invalidCredentials } }
        : undefined,
    );
    const onSignedIn = vi.fn();
    renderAt(<RfsSignIn onSignedIn={onSignedIn} />);
    await userEvent.type(screen.getByLabelText(labelled('Email')), 'ada@engines.example');
    await userEvent.type(screen.getByLabelText(labelled('Password')), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.invalidCredentials);
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
