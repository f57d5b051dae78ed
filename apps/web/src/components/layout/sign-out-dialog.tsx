import { Button, Group, Modal, Text } from '@mantine/core';
import { messages } from '@portal/contract';
import { useState } from 'react';

interface SignOutDialogProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}

/** Spec 1 section 2.3: 'Are you sure you want to sign out?' with Yes and Cancel. Loaded on first use. */
export default function SignOutDialog({ opened, onClose, onConfirm }: SignOutDialogProps) {
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
      onClose();
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Sign out"
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text mb="lg">{messages.auth.signOutConfirm}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button onClick={confirm} loading={pending} data-autofocus>
          Yes
        </Button>
      </Group>
    </Modal>
  );
}
