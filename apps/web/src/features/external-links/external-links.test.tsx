import { messages, messagesVerification, viewerMessages } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { resetCsrfToken } from '../../lib/api-client.ts';
import { fakeApi, labelled, renderApp, renderWithProviders } from '../../test/render-app.tsx';
import { DeviceVerificationForm, RfsNotices } from './index.ts';

const token = 'a'.repeat(43);
const link = 'http://portal.test/rfs.htm?rfsUrl=%2Freports%2F3_x&rcptId=1&docId=3&a=key';

/** Renders one component inside the app's providers and a router at `path`. */
const renderAt = (element: ReactNode, path = '/rfs.htm') => {
  resetCsrfToken();
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return renderWithProviders(<RouterProvider router={router} />);
};

describe('DeviceVerificationForm', () => {
  it('validates the address, posts it with the link, then shows the sent message with the button disabled', async () => {
    const { calls } = fakeApi(null, (call) =>
      call.path === '/getCookie'
        ? { body: { success: true, message: viewerMessages.deviceCheckSent } }
        : undefined,
    );
    renderAt(<DeviceVerificationForm link={link} />);
    const form = screen.getByRole('form', { name: viewerMessages.deviceCheckTitle });
    const button = within(form).getByRole('button', { name: 'Send authentication link' });

    await userEvent.click(button);
    expect(await within(form).findByText(messages.validation.emailRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/getCookie')).toBe(false);

    await userEvent.type(within(form).getByLabelText(labelled('Email')), ' Client@Demo.Test ');
    await userEvent.click(button);
    expect(await within(form).findByText(viewerMessages.deviceCheckSent)).toBeInTheDocument();
    expect(button).toBeDisabled();
    const posted = calls.filter((c) => c.path === '/getCookie');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({ email: 'client@demo.test', link });
  });

  it('shows a refusal (too many attempts) and keeps the button usable', async () => {
    fakeApi(null, (call) =>
      call.path === '/getCookie'
        ? { status: 429, body: { success: false, message: messages.auth.tooManyAttempts } }
        : undefined,
    );
    renderAt(<DeviceVerificationForm link={link} />);
    await userEvent.type(screen.getByLabelText(labelled('Email')), 'client@demo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send authentication link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.tooManyAttempts);
    expect(screen.getByRole('button', { name: 'Send authentication link' })).toBeEnabled();
  });
});

describe('RfsNotices', () => {
  it('shows the device-verified and link-expired notices from the query', () => {
    renderAt(<RfsNotices />, '/rfs.htm?a=key&confirmDevice=1');
    expect(screen.getByRole('status')).toHaveTextContent(messages.notices.deviceVerified.trim());
  });

  it('shows the link-expired notice, and nothing without a flag', () => {
    const { unmount } = renderAt(<RfsNotices />, '/rfs.htm?a=key&linkExpired=1');
    expect(screen.getByRole('status')).toHaveTextContent(messages.notices.linkExpired.trim());
    unmount();
    renderAt(<RfsNotices />, '/rfs.htm?a=key');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('/verifyCookieEmail (spec 3, token verification pages)', () => {
  const back = '/rfs.htm?rfsUrl=%2Freports%2F3_x&rcptId=1&docId=3&a=key';
  // Where the page leads: the rfs view, whose report call answers as for a device not yet verified.
  const viewerRefusal = { status: 403, body: { success: false, error: 'createNewCookie' } };

  it('checks with GET, consumes only on the button press, then goes to the server-given link', async () => {
    const { calls } = fakeApi(null, (call) => {
      if (call.path === '/report') return viewerRefusal;
      if (call.path !== '/verifyCookieEmail') return undefined;
      return call.method === 'GET'
        ? { body: { success: true } }
        : { body: { success: true, redirectUrl: `${back}&confirmDevice=1`, message: 'ok' } };
    });
    const app = renderApp(`/verifyCookieEmail?token=${token}`);
    const button = await screen.findByRole('button', { name: 'Verify this device' });
    expect(
      screen.getByRole('heading', { level: 1, name: viewerMessages.verifyDeviceTitle }),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/verifyCookieEmail').map((c) => c.method)).toEqual(['GET']);

    await userEvent.click(button);
    await waitFor(() => expect(app.location()).toBe(`${back}&confirmDevice=1`));
    const post = calls.find((c) => c.path === '/verifyCookieEmail' && c.method === 'POST');
    expect(post?.body).toEqual({ token });
  });

  it('sends a used or expired link back to the report with linkExpired, without a POST', async () => {
    const { calls } = fakeApi(null, (call) => {
      if (call.path === '/report') return viewerRefusal;
      return call.path === '/verifyCookieEmail'
        ? { body: { success: false, redirectUrl: `${back}&linkExpired=1` } }
        : undefined;
    });
    const app = renderApp(`/verifyCookieEmail?token=${token}`);
    await waitFor(() => expect(app.location()).toBe(`${back}&linkExpired=1`));
    expect(calls.some((c) => c.path === '/verifyCookieEmail' && c.method === 'POST')).toBe(false);
  });

  it('shows the invalid-token text for an unknown token, a missing token and an off-site redirect', async () => {
    fakeApi(null, (call) =>
      call.path === '/verifyCookieEmail'
        ? { body: { success: false, redirectUrl: 'https://elsewhere.example/phish' } }
        : undefined,
    );
    const first = renderApp(`/verifyCookieEmail?token=${token}`);
    expect(
      await screen.findByRole('heading', { name: messagesVerification.tokenInvalid }),
    ).toBeInTheDocument();
    expect(first.location()).toBe(`/verifyCookieEmail?token=${token}`);
    first.unmount();

    fakeApi(null);
    renderApp('/verifyCookieEmail');
    expect(
      await screen.findByRole('heading', { name: messagesVerification.tokenInvalid }),
    ).toBeInTheDocument();
  });

  it('shows the invalid-token text when the POST is refused', async () => {
    fakeApi(null, (call) => {
      if (call.path !== '/verifyCookieEmail') return undefined;
      return call.method === 'GET'
        ? { body: { success: true } }
        : { status: 400, body: { success: false, message: messagesVerification.tokenInvalid } };
    });
    renderApp(`/verifyCookieEmail?token=${token}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Verify this device' }));
    expect(
      await screen.findByRole('heading', { name: messagesVerification.tokenInvalid }),
    ).toBeInTheDocument();
  });
});
