import { messages } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, labelled, renderApp } from '../../../test/render-app.tsx';

const v = messages.validation;

describe('sign-up form (spec 1 sections 2.5 and 5)', () => {
  it('shows the contract messages under each field and sends nothing while invalid', async () => {
    const { calls } = fakeApi(null);
    renderApp('/signup');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign up' }));

    const expectError = (label: string, message: string) => {
      const field = screen.getByLabelText(labelled(label), { selector: 'input' });
      expect(field, label).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message.trim()));
    };
    expectError('First name', v.firstNameRequired);
    expectError('Last name', v.lastNameRequired);
    expectError('Company name', v.companyRequired);
    expectError('Email', v.emailRequired);
    expectError('Password', v.passwordRequired);
    expectError('Confirm password', v.passwordRequired);
    expect(screen.getByText(v.acceptTerms)).toBeInTheDocument();
    expect(screen.getByLabelText(labelled('First name'))).toHaveFocus();

    await user.type(screen.getByLabelText(labelled('Email')), 'not-an-address');
    await user.type(screen.getByLabelText(labelled('Password')), 'short');
    await user.type(screen.getByLabelText(labelled('Confirm password')), 'different');
    expectError('Email', v.emailInvalid);
    expectError('Password', v.passwordTooShort);
    expectError('Confirm password', v.passwordMismatch);
    expect(calls.filter((call) => call.path === '/users/signup')).toHaveLength(0);
  });

  it('keeps only letters and spaces in names and prefills name and email from the query', async () => {
    fakeApi(null);
    renderApp('/signup?name=Grace%20Brewster%20Hopper&email=grace%40navy.example');
    const first = await screen.findByLabelText(labelled('First name'));
    expect(first).toHaveValue('Grace');
    expect(screen.getByLabelText(labelled('Last name'))).toHaveValue('Brewster Hopper');
    expect(screen.getByLabelText(labelled('Email'))).toHaveValue('grace@navy.example');
    const user = userEvent.setup();
    await user.clear(first);
    await user.type(first, 'R2D2 Unit');
    expect(first).toHaveValue('RD Unit');
  });

  it('shows server field errors under the field, keeps the input, then the thank-you panel', async () => {
    let refuse = true;
    const { calls } = fakeApi(null, (call) => {
      if (call.path !== '/users/signup') return undefined;
      return refuse
        ? {
            status: 400,
            body: { success: false, message: v.publicEmailDomain, errors: { email: v.publicEmailDomain } },
          }
        : { status: 201, body: { success: true, message: messages.auth.signupSuccess } };
    });
    renderApp('/signup');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(labelled('First name')), 'Ada');
    await user.type(screen.getByLabelText(labelled('Last name')), 'Lovelace');
    await user.type(screen.getByLabelText(labelled('Company name')), 'Analytical Engines');
    await user.type(screen.getByLabelText(labelled('Email')), 'ada@gmail.com');
    await user.type(screen.getByLabelText(labelled('Password')), 'correct-horse-1');
    await user.type(screen.getByLabelText(labelled('Confirm password')), 'correct-horse-1');
    await user.click(screen.getByLabelText(labelled('I accept the Terms of Use')));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() =>
      expect(screen.getByLabelText(labelled('Email'))).toHaveAccessibleDescription(
        expect.stringContaining(v.publicEmailDomain),
      ),
    );
    expect(screen.getByLabelText(labelled('Email'))).toHaveValue('ada@gmail.com');
    expect(screen.getByLabelText(labelled('Password'))).toHaveValue('correct-horse-1');
    const sent = calls.find((call) => call.path === '/users/signup');
    expect(sent?.headers['x-csrf-token']).toBe('csrf-from-server');
    expect(sent?.body).toMatchObject({ firstName: 'Ada', email: 'ada@gmail.com', acceptTandC: true });

    refuse = false;
    await user.clear(screen.getByLabelText(labelled('Email')));
    await user.type(screen.getByLabelText(labelled('Email')), 'ada@engines.example');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for signing up!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(messages.auth.signupSuccess)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
