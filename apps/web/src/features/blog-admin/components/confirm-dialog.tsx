import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal } from '@mantine/core';
import { messagesBlogs } from '@portal/contract';

const m = messagesBlogs.admin;

/** The confirmation the spec asks before deleting a post or a blog (spec 2 section 9). */
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
        <Button variant="default" onClick={onClose}>
          {m.cancel}
        </Button>
        <Button color="red.9" loading={busy} onClick={onConfirm}>
          {m.confirm}
        </Button>
      </Group>
    </Modal>
  );
}
