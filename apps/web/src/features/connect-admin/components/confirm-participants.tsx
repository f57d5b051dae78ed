import { Button, Group, Modal } from '@mantine/core';
import { messagesConnect } from '@portal/contract';
import classes from './connect-admin.module.css';

const m = messagesConnect.approval;

/** The spec's confirmation before approving or reminding (spec 3 section 2), listing the participants by name. */
export function ConfirmParticipants({
  question,
  names,
  opened,
  busy,
  onConfirm,
  onClose,
}: {
  question: string;
  names: readonly string[];
  opened: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={question} centered>
      <ul className={classes.names}>
        {names.map((name, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two registrants may share a name.
          <li key={i}>{name}</li>
        ))}
      </ul>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {m.cancel}
        </Button>
        <Button color="navy.8" loading={busy} onClick={onConfirm}>
          {m.confirm}
        </Button>
      </Group>
    </Modal>
  );
}
