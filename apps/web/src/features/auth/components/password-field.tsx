import { TextInput, type TextInputProps, UnstyledButton } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './password-field.module.css';

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
          {visible ? (
            <IconEyeOff size={20} stroke={1.8} aria-hidden="true" />
          ) : (
            <IconEye size={20} stroke={1.8} aria-hidden="true" />
          )}
        </UnstyledButton>
      }
    />
  );
}
