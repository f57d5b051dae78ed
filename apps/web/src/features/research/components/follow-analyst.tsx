import { Button } from '@mantine/core';
import { messagesResearch } from '@portal/contract';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-client.ts';
import { useFollowStatus, useSetFollow } from '../api/follow-analyst.ts';
import classes from './pages.module.css';

const m = messagesResearch.follow;

/**
 * Follow / Unfollow on an analyst's page (issue 23, beyond the spec): a follower is e-mailed each new report of
 * the analyst that they may read. The button says what it will do; the line under it says what holds now.
 */
export function FollowAnalyst({ analystId, name }: { analystId: number; name: string }) {
  const status = useFollowStatus(analystId, true);
  const setFollow = useSetFollow(analystId);

  if (status.isError)
    return (
      <p className={classes.followNote} role="alert">
        {status.error.message}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </p>
    );

  const following = status.data?.following ?? false;
  const failure = setFollow.error;
  return (
    <div className={classes.follow}>
      <Button
        variant={following ? 'default' : 'filled'}
        leftSection={
          following ? <IconBellOff size={18} aria-hidden="true" /> : <IconBell size={18} aria-hidden="true" />
        }
        loading={setFollow.isPending}
        disabled={status.isPending}
        onClick={() => setFollow.mutate(!following)}
      >
        {following ? m.unfollow : m.follow}
      </Button>
      <p className={classes.followNote} aria-live="polite">
        {status.isPending ? '' : following ? m.following(name) : m.notFollowing(name)}
      </p>
      {failure && (
        <p className={classes.followError} role="alert">
          {failure instanceof ApiError && failure.status !== 0 && failure.status < 500
            ? failure.message
            : m.failed}
        </p>
      )}
    </div>
  );
}
