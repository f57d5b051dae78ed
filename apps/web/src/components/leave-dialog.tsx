import type { Blocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * The question a screen with unsaved work asks before the reader leaves it (the blocker of
 * hooks/use-leave-guard.ts): the confirm button leaves, the other one and Escape stay.
 */
export function LeaveDialog({
  blocker,
  title,
  text,
  leaveLabel,
  stayLabel,
}: {
  blocker: Blocker;
  title: string;
  text: string;
  leaveLabel: string;
  stayLabel: string;
}) {
  return (
    <ConfirmDialog
      title={title}
      text={text}
      opened={blocker.state === 'blocked'}
      confirmLabel={leaveLabel}
      cancelLabel={stayLabel}
      danger
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}
