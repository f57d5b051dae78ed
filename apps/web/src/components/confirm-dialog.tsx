import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal } from '@mantine/core';

/**
 * A confirmation before an action (the spec's: deleting a post or a blog, registering, booking, cancelling,
 * approving): the confirm button goes on, the other one and Escape change nothing. `danger` colours the confirm
 * button for a destructive action.
 */
export function ConfirmDialog({
  title,
  text,
  opened,
  busy = false,
  confirmLabel,
  cancelLabel,
  danger = false,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  opened: boolean;
  busy?: boolean;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <p>{text}</p>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button color={danger ? 'red.9' : undefined} loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
