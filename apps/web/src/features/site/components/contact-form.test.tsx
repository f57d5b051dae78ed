import { MantineProvider } from '@mantine/core';
import { messages, messagesSite } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forwardRef, useImperativeHandle, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { fakeApi } from '../../../test/render-app.tsx';
import { ContactForm } from './contact-form.tsx';

const resets = vi.fn();

// jsdom has no FontFaceSet, which the autosizing message field listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });

// The real widget solves proof of work in workers (covered by the browser tests); here a stand-in reports a
// solution when its button is pressed and counts the resets the form asks for.
vi.mock('./altcha-field.tsx', () => ({
  AltchaField: forwardRef<{ reset: () => void }, { onChange: (p: string) => void; error?: string }>(
    function FakeAltcha({ onChange, error }, ref) {
      const [solved, setSolved] = useState(false);
      useImperativeHandle(ref, () => ({
        reset: () => {
          resets();
          setSolved(false);
        },
      }));
      return (
        <div data-testid="captcha">
          <button
            type="button"
            onClick={() => {
              setSolved(true);
              onChange('payload-1');
            }}
          >
            {solved ? 'Solved' : 'Solve'}
          </button>
          {error && <p role="alert">{error}</p>}
        </div>
      );
    },
  ),
}));

const renderForm = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider env="test">
        <ContactForm type="Investor" />
      </MantineProvider>
    </QueryClientProvider>,
  );

const fill = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText(/^Name/), 'Grace Hopper');
  await user.type(screen.getByLabelText(/^Email/), 'grace@navy.example');
  await user.type(screen.getByLabelText(/^Message/), 'Hello there');
  await user.click(screen.getByRole('button', { name: 'Solve' }));
};

describe('contact form', () => {
  it('shows the four messages of spec 3 section 5 and sends nothing', async () => {
    const { calls } = fakeApi(null);
    renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText(messagesSite.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(messagesSite.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messagesSite.messageRequired)).toBeInTheDocument();
    expect(screen.getByTestId('captcha')).toHaveTextContent(messagesSite.captchaRequired);
    expect(calls.filter((call) => call.path === '/aoi')).toHaveLength(0);
  });

  it('posts name, email, message, captcha and type, then thanks and clears the form', async () => {
    const { calls } = fakeApi(null, (call) =>
      call.path === '/aoi' ? { body: { success: true, message: messagesSite.contactSent } } : undefined,
    );
    renderForm();
    const user = userEvent.setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(messagesSite.contactSent)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/aoi')?.body).toEqual({
      name: 'Grace Hopper',
      email: 'grace@navy.example',
      message: 'Hello there',
      captcha: 'payload-1',
      type: 'Investor',
    });
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
  });

  it('shows a refused captcha under the captcha, asks for a new one and keeps what was typed', async () => {
    resets.mockClear();
    fakeApi(null, (call) =>
      call.path === '/aoi'
        ? {
            status: 400,
            body: {
              success: false,
              message: messagesSite.captchaInvalid,
              errors: { captcha: messagesSite.captchaInvalid },
            },
          }
        : undefined,
    );
    renderForm();
    const user = userEvent.setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByTestId('captcha')).toHaveTextContent(messagesSite.captchaInvalid));
    expect(resets).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Solve' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Message/)).toHaveValue('Hello there');
  });

  it('shows other failures under the form', async () => {
    fakeApi(null, (call) =>
      call.path === '/aoi'
        ? { status: 429, body: { success: false, message: messages.auth.tooManyAttempts } }
        : undefined,
    );
    renderForm();
    const user = userEvent.setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const alert = await screen.findByText(messages.auth.tooManyAttempts);
    expect(screen.getByTestId('captcha')).not.toContainElement(alert);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Grace Hopper');
  });
});
