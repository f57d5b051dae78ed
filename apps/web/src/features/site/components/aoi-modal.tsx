import { Modal, Text } from '@mantine/core';
import { messagesSite } from '@portal/contract';
import { Link } from 'react-router';
import classes from './aoi-modal.module.css';

interface AoiModalProps {
  opened: boolean;
  onClose: () => void;
  /** A choice was followed (the modal closes and the page changes). */
  onChoose: () => void;
}

const choices = [
  { type: 'Investor', text: messagesSite.aoiInvestorHint },
  { type: 'Analyst', text: messagesSite.aoiAnalystHint },
] as const;

/** Spec 1 section 2.3: 'Are you an Investor or Analyst?' leading to /AOI/Investor or /AOI/Analyst. */
export default function AoiModal({ opened, onClose, onChoose }: AoiModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={messagesSite.aoiTitle}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text mb="lg">{messagesSite.aoiText}</Text>
      <ul className={classes.choices}>
        {choices.map((choice) => (
          <li key={choice.type}>
            <Link to={`/AOI/${choice.type}`} className={classes.choice} onClick={onChoose}>
              <span className={classes.choiceTitle}>{choice.type}</span>
              <span className={classes.choiceText}>{choice.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
