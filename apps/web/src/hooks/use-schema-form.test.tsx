import { loginForm, messages, signupForm } from '@portal/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type FormSchema, useSchemaForm } from './use-schema-form.ts';

const v = messages.validation;

interface Props {
  schema: FormSchema;
  initial: Record<string, string>;
  confirm?: { password: string; confirmation: string; message: string };
  onValid?: (data: unknown) => void;
}

/** Each field with its message beside it (`<name> message`), a button showing a server message on `email`. */
function Form({ schema, initial, confirm, onValid = () => {} }: Props) {
  const form = useSchemaForm(schema, initial, confirm);
  return (
    <form ref={form.formRef} onSubmit={form.handleSubmit(onValid)} noValidate>
      {Object.keys(initial).map((name) => (
        <div key={name}>
          <input
            aria-label={name}
            name={name}
            value={form.values[name]}
            onChange={(event) => form.setField(name, event.currentTarget.value)}
            onBlur={() => form.touchField(name)}
          />
          <output aria-label={`${name} message`}>{form.errorOf(name)}</output>
        </div>
      ))}
      <button type="button" onClick={() => form.showServerErrors({ email: v.publicEmailDomain })}>
        Refuse
      </button>
      <button type="submit">Submit</button>
    </form>
  );
}

const message = (name: string) => screen.getByRole('status', { name: `${name} message` });
const login = { email: '', password: '' };

describe('useSchemaForm (@mantine/form with a contract schema)', () => {
  it('stays quiet while a field is first typed in, shows its message once left, then follows each key', async () => {
    render(<Form schema={loginForm} initial={login} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('email'), 'ada');
    expect(message('email')).toBeEmptyDOMElement();
    await user.tab();
    expect(message('email')).toHaveTextContent(v.emailInvalid);
    await user.type(screen.getByLabelText('email'), '@engines.example');
    expect(message('email')).toBeEmptyDOMElement();
    await user.clear(screen.getByLabelText('email'));
    expect(message('email')).toHaveTextContent(v.emailRequired);
  });

  it('leaves an empty field quiet when tabbed through, until a submit is tried', async () => {
    const onValid = vi.fn();
    render(<Form schema={loginForm} initial={login} onValid={onValid} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('email'));
    await user.tab();
    await user.tab();
    expect(message('email')).toBeEmptyDOMElement();
    expect(message('password')).toBeEmptyDOMElement();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(message('email')).toHaveTextContent(v.emailRequired);
    expect(message('password')).toHaveTextContent(v.passwordRequired);
    expect(screen.getByLabelText('email')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
    // From then on every field follows each key, left or not.
    await user.type(screen.getByLabelText('password'), 'x');
    expect(message('password')).toBeEmptyDOMElement();
  });

  it("hands the schema's output (the trimmed, lower-cased e-mail) to the submit handler", async () => {
    const onValid = vi.fn();
    render(<Form schema={loginForm} initial={login} onValid={onValid} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('email'), ' Ada@Engines.Example ');
    await user.type(screen.getByLabelText('password'), 'secret{Enter}');
    expect(onValid).toHaveBeenCalledWith({ email: 'ada@engines.example', password: 'secret' });
  });

  it('keeps a server message, focused, until its field is edited; a message of its own comes first', async () => {
    render(<Form schema={loginForm} initial={{ email: 'ada@gmail.com', password: 'secret' }} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(message('email')).toHaveTextContent(v.publicEmailDomain);
    expect(screen.getByLabelText('email')).toHaveFocus();
    await user.type(screen.getByLabelText('password'), '1');
    expect(message('email')).toHaveTextContent(v.publicEmailDomain);

    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    await user.clear(screen.getByLabelText('email'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(message('email')).toHaveTextContent(v.emailRequired);
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(message('email')).toHaveTextContent(v.emailRequired);
    await user.type(screen.getByLabelText('email'), 'ada@engines.example');
    expect(message('email')).toBeEmptyDOMElement();
  });

  it('shows a mismatched confirmation while other fields are still wrong, and follows the password', async () => {
    // zod runs signupForm's refinement only once every field passes: here the other fields stay empty.
    const initial = { firstName: '', email: '', password: '', confirmPassword: '' };
    render(
      <Form
        schema={signupForm}
        initial={initial}
        confirm={{ password: 'password', confirmation: 'confirmPassword', message: v.passwordMismatch }}
      />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('password'), 'short');
    await user.type(screen.getByLabelText('confirmPassword'), 'shorter');
    await user.tab();
    expect(message('password')).toHaveTextContent(v.passwordTooShort);
    expect(message('confirmPassword')).toHaveTextContent(v.passwordMismatch.trim());

    await user.type(screen.getByLabelText('password'), 'er');
    expect(message('confirmPassword')).toBeEmptyDOMElement();
    await user.type(screen.getByLabelText('password'), '!');
    expect(message('password')).toBeEmptyDOMElement();
    expect(message('confirmPassword')).toHaveTextContent(v.passwordMismatch.trim());
    expect(message('firstName')).toBeEmptyDOMElement();
  });
});
