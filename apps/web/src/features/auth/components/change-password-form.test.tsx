import { messages } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin, client, fakeApi, labelled, renderApp } from '../../../test/render-app.tsx';

describe('settings: change password (spec 1 section 5)', () => {
  it('enables Confirm only when all three are filled, new equals confirm and confirm differs from old', async () => {
    fakeApi(client);
    renderApp('/settings');
    const user = userEvent.setup();
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    const current = screen.getByLabelText(labelled('Current password'));
    const next = screen.getByLabelText(labelled('New password'));
    const again = screen.getByLabelText(labelled('Confirm new password'));

    expect(confirm).toBeDisabled();
    await user.type(current, 'old-password-1');
    await user.type(next, 'new-password-1');
    expect(confirm).toBeDisabled();
    await user.type(again, 'new-password-2');
    expect(confirm).toBeDisabled();
    await user.clear(again);
    await user.type(again, 'new-password-1');
    expect(confirm).toBeEnabled();
    await user.clear(next);
    await user.type(next, 'old-password-1');
    await user.clear(again);
    await user.type(again, 'old-password-1');
    expect(confirm).toBeDisabled();
    expect(next).toHaveAccessibleDescription(
      expect.stringContaining(messages.validation.newPasswordSameAsOld),
    );
  });

  it('shows the server message on failure, keeps the input, and confirms a change', async () => {
    let wrong = true;
    const { calls } = fakeApi(client, (call) => {
      if (call.path !== '/users/changePassword') return undefined;
      return wrong
        ? { status: 400, body: { success: false, message: messages.auth.oldPasswordWrong } }
        : { body: { success: true, message: messages.auth.passwordChanged } };
    });
    renderApp('/settings');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(labelled('Current password')), 'not-my-password');
    await user.type(screen.getByLabelText(labelled('New password')), 'new-password-1');
    await user.type(screen.getByLabelText(labelled('Confirm new password')), 'new-password-1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.oldPasswordWrong);
    expect(screen.getByLabelText(labelled('Current password'))).toHaveValue('not-my-password');

    wrong = false;
    await user.clear(screen.getByLabelText(labelled('Current password')));
    await user.type(screen.getByLabelText(labelled('Current password')), 'old-password-1');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(messages.auth.passwordChanged)).toBeInTheDocument();
    expect(screen.getByLabelText(labelled('Current password'))).toHaveValue('');
    // The change's own call (the settings screen's other queries may be answered after it on a busy machine).
    const changes = calls.filter((call) => call.path === '/users/changePassword');
    expect(changes).toHaveLength(2);
    expect(changes.at(-1)?.body).toEqual({
      oldPassword: 'old-password-1',
      newPassword: 'new-password-1',
      confirmNewPassword: 'new-password-1',
    });
  });

  it('shows the account and, for admins only, the admin tools with the version label', async () => {
    fakeApi(client);
    const first = renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(screen.getByText(client.companyName)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin tools' })).not.toBeInTheDocument();
    first.unmount();

    fakeApi(admin);
    renderApp('/settings');
    const tools = (await screen.findByRole('heading', { name: 'Admin tools' })).closest('section');
    expect(within(tools as HTMLElement).getByRole('link', { name: 'Users Management' })).toHaveAttribute(
      'href',
      '/admin/users',
    );
    expect(screen.getByText('Version 11.8.6')).toBeInTheDocument();
  });
});
