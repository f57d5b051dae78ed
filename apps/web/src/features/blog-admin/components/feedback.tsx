import { messages } from '@portal/contract';
import { ApiError } from '../../../lib/api-client.ts';
import classes from './blog-admin.module.css';

/** The result of an action: green on success, red otherwise; the live regions stay in the page so it is announced. */
export interface FeedbackValue {
  ok: boolean;
  text: string;
}

export const failureOf = (error: unknown): FeedbackValue => ({
  ok: false,
  text: error instanceof ApiError ? error.message : messages.errors.internal,
});

export function Feedback({ value }: { value: FeedbackValue | null }) {
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
