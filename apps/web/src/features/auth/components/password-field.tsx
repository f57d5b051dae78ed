import { TextInput, type TextInputProps, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import classes from './password-field.module.css';

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {crossed && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
    </svg>
  );
}

/**
 * A password input with a keyboard-reachable reveal toggle that says what it will do. Built on TextInput
 * rather than Mantine's PasswordInput, which leaves its inner input without aria-invalid and weighs more.
 */
export function PasswordField(props: Omit<TextInputProps, 'type' | 'rightSection'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      rightSectionPointerEvents="all"
      rightSection={
        <UnstyledButton
          type="button"
          className={classes.toggle}
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
        </UnstyledButton>
      }
    />
  );
}
