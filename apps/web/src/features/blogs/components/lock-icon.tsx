import { IconLock } from '@tabler/icons-react';

/** A padlock before 'Subscribers only' / 'Sign in to read'. */
export function LockIcon() {
  return <IconLock size={16} aria-hidden="true" />;
}
