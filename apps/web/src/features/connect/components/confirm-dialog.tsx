import { Button, Group, Modal } from '@mantine/core';
import { messagesConnect } from '@portal/contract';

const m = messagesConnect.appointment;

/** The spec's confirmations before registering, booking and cancelling: Yes goes on, No changes nothing. */
export function ConfirmDialog({
  title,
  text,
  opened,
  busy = false,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  opened: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <p>{text}</p>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {m.no}
        </Button>
        <Button loading={busy} onClick={onConfirm}>
          {m.yes}
        </Button>
      </Group>
    </Modal>
  );
}
