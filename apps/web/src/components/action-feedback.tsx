import { messages } from '@portal/contract';
import { ApiError } from '../lib/api-client.ts';
import classes from './action-feedback.module.css';

/**
 * The result of an admin action (users management, blog management): the server's message, green on success and
 * red otherwise (spec 2 section 2).
 */
export interface FeedbackValue {
  ok: boolean;
  text: string;
}

export const failureOf = (error: unknown): FeedbackValue => ({
  ok: false,
  text: error instanceof ApiError ? error.message : messages.errors.internal,
});

export function Feedback({ value }: { value: FeedbackValue | null }) {
  // The live regions stay in the page, so a message that appears in them is announced.
  return (
    <div className={classes.feedbackSlot}>
      <div role="status">
        {value?.ok && <p className={`${classes.feedback} ${classes.success}`}>{value.text}</p>}
      </div>
      <div role="alert">
        {value && !value.ok && <p className={`${classes.feedback} ${classes.failure}`}>{value.text}</p>}
      </div>
    </div>
  );
}
