import { forwardQuotaUsedText, messagesAdminUsers, type ReportViewerReply } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type Call,
  client,
  fakeApi,
  labelled,
  parameterReply,
  renderApp,
} from '../../../test/render-app.tsx';
import { reportFixture } from '../../../test/research-fixtures.ts';

const texts = messagesAdminUsers.forward;

const viewerReply: ReportViewerReply = {
  success: true,
  data: {
    report: {
      ...reportFixture({ id: 7, title: 'Asia strategy podcast', filetype: 'mp3', saved: false }),
      analysts: [],
      fileUrl: '/files/abc.def',
      fileUrlExpiresAt: '2026-01-01T00:05:00Z',
      pageCount: null,
      apiId: 'S-7',
    },
    related: [],
    watermarks: [],
    copyLinks: [],
  },
};

/** The viewer's calls, and the forward calls answered by `forward` (POST) with `left` forwards left (GET). */
const forwardApi = (
  user: typeof client | null,
  forward: (call: Call) => { status?: number; body: unknown },
  left = { remaining: 3, limit: 5 },
) =>
  fakeApi(user, (call) => {
    if (call.method === 'GET' && call.path === '/report/S-7') return { body: viewerReply };
    if (call.method === 'GET' && call.path.startsWith('/getParameter/')) return parameterReply(call, {});
    if (call.method === 'POST' && call.path.startsWith('/report/S-7/access/'))
      return { body: { success: true } };
    if (call.method === 'PUT' && call.path === '/report/S-7/progress') return { body: { success: true } };
    if (call.method === 'GET' && call.path === '/report/S-7/forward')
      return { body: { success: true, data: left } };
    if (call.method === 'POST' && call.path === '/report/S-7/forward') return forward(call);
    return undefined;
  });

const openDialog = async () => {
  const user = userEvent.setup();
  renderApp('/reports/7_asia-strategy-podcast');
  await user.click(await screen.findByRole('button', { name: texts.button }));
  const dialog = await screen.findByRole('dialog', { name: texts.title });
  return { user, dialog };
};

describe('forward to a colleague', () => {
  it('shows the count, sends the e-mail and note, closes and announces the success', async () => {
    // The fake server counts like the real one: a forward leaves one fewer.
    const left = { remaining: 3, limit: 5 };
    const api = forwardApi(
      client,
      () => {
        left.remaining -= 1;
        return { body: { success: true, message: texts.sent, data: { ...left } } };
      },
      left,
    );
    const { user, dialog } = await openDialog();
    expect(await within(dialog).findByText('3 of 5 forwards left this month.')).toBeInTheDocument();
    const email = within(dialog).getByLabelText(labelled(texts.email));
    await waitFor(() => expect(email).toHaveFocus());
    await user.type(email, 'npi@demo.test');
    await user.type(within(dialog).getByLabelText(texts.note), 'Worth a read');
    await user.click(within(dialog).getByRole('button', { name: texts.send }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(texts.sent)).toBeInTheDocument();
    const sent = api.calls.filter((c) => c.method === 'POST' && c.path === '/report/S-7/forward');
    expect(sent.map((c) => c.body)).toEqual([{ email: 'npi@demo.test', note: 'Worth a read' }]);
    expect(sent[0]!.headers['x-csrf-token']).toBe('csrf-from-server');

    // Opened again, the count is the one the server answered.
    await user.click(screen.getByRole('button', { name: texts.button }));
    const again = await screen.findByRole('dialog', { name: texts.title });
    expect(await within(again).findByText('2 of 5 forwards left this month.')).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog and keeps it open; a bad address is caught before sending", async () => {
    const api = forwardApi(client, () => ({
      status: 403,
      body: { success: false, message: texts.foreignDomain, errors: { email: texts.foreignDomain } },
    }));
    const { user, dialog } = await openDialog();
    const email = within(dialog).getByLabelText(labelled(texts.email));
    await user.type(email, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: texts.send }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/report/S-7/forward')).toBe(false);

    await user.clear(email);
    await user.type(email, 'someone@example.org{Enter}');
    expect(await within(dialog).findByText(texts.foreignDomain)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: texts.title })).toBeInTheDocument();

    // Cancel closes it, and Escape does too.
    await user.click(within(dialog).getByRole('button', { name: texts.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: texts.button }));
    await screen.findByRole('dialog', { name: texts.title });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when the month is used up and does not offer Forward', async () => {
    forwardApi(client, () => ({ body: {} }), { remaining: 0, limit: 5 });
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText(forwardQuotaUsedText)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: texts.send })).toBeDisabled();
  });
});
