import { messages, messagesResearch } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiRequest, resetCsrfToken } from '../../../lib/api-client.ts';
import { fakeApi, renderWithProviders } from '../../../test/render-app.tsx';
import { FollowAnalyst } from './follow-analyst.tsx';

const m = messagesResearch.follow;
const name = 'Mei Lin Chan';

describe('following an analyst', () => {
  it('reads the status, follows with the CSRF header, then unfollows, saying what holds each time', async () => {
    resetCsrfToken();
    let following = false;
    const { calls } = fakeApi(null, (call) => {
      if (call.path !== '/analysts/5/follow') return undefined;
      if (call.method === 'PUT') following = (call.body as { following: boolean }).following;
      return { body: { following } };
    });
    await apiRequest('GET', '/users/me');
    renderWithProviders(<FollowAnalyst analystId={5} name={name} />);
    const user = userEvent.setup();
    expect(await screen.findByText(m.notFollowing(name))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: m.follow }));
    expect(await screen.findByText(m.following(name))).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ following: true });
    expect(put?.headers['x-csrf-token']).toBe('csrf-from-server');

    await user.click(screen.getByRole('button', { name: m.unfollow }));
    expect(await screen.findByText(m.notFollowing(name))).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { following: true },
      { following: false },
    ]);
  });

  it('keeps the status and says so when the change fails', async () => {
    fakeApi(null, (call) => {
      if (call.path !== '/analysts/5/follow') return undefined;
      return call.method === 'PUT'
        ? { status: 500, body: { success: false, message: messages.errors.internal } }
        : { body: { following: false } };
    });
    renderWithProviders(<FollowAnalyst analystId={5} name={name} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: m.follow }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.failed);
    await waitFor(() => expect(screen.getByRole('button', { name: m.follow })).toBeEnabled());
    expect(screen.getByText(m.notFollowing(name))).toBeInTheDocument();
  });
});
