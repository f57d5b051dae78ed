import { Button, Group, Modal, Text } from '@mantine/core';
import { subscriptionMessages } from '@portal/contract';
import { Link } from 'react-router';
import type { PayAnswer } from '../api/preferences-api.ts';

const text = subscriptionMessages.preferences;
const closeButtonProps = { 'aria-label': 'Close' };

/**
 * Spec 3 section 2: selecting an item the reader already subscribes to (text sRWClientAlreadySubscribedText), OK.
 * Ours: the way to stop it, the unsubscribe form of that item (the chips never remove a subscription).
 */
export function AlreadySubscribedDialog({
  opened,
  message,
  unsubscribeTo,
  onClose,
}: {
  opened: boolean;
  message: string;
  unsubscribeTo: string | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={text.alreadySubscribedTitle}
      centered
      size="sm"
      closeButtonProps={closeButtonProps}
    >
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end" gap="sm">
        {unsubscribeTo && (
          <Button component={Link} to={unsubscribeTo} variant="default">
            {text.unsubscribeLink}
          </Button>
        )}
        <Button onClick={onClose} data-autofocus>
          {text.ok}
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * The pay dialog (text sRWClientSubPayDialogText): Yes or No decides the notification mail's case; closing it
 * without an answer saves nothing.
 */
export function PayDialog({
  opened,
  message,
  onAnswer,
  onClose,
}: {
  opened: boolean;
  message: string;
  onAnswer: (answer: PayAnswer) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={text.payDialogTitle}
      centered
      size="md"
      closeButtonProps={closeButtonProps}
    >
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => onAnswer('No')}>
          {text.no}
        </Button>
        <Button onClick={() => onAnswer('Yes')} data-autofocus>
          {text.yes}
        </Button>
      </Group>
    </Modal>
  );
}

/** After a save: 'You will be contacted shortly by email.'; OK (or closing) goes back. */
export function ContactedDialog({ opened, onOk }: { opened: boolean; onOk: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onOk}
      title={text.doneTitle}
      centered
      size="sm"
      closeButtonProps={closeButtonProps}
    >
      <Text mb="lg">{text.contactedShortly}</Text>
      <Group justify="flex-end">
        <Button onClick={onOk} data-autofocus>
          {text.ok}
        </Button>
      </Group>
    </Modal>
  );
}
