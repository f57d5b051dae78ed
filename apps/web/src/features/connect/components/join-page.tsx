import { Button } from '@mantine/core';
import { messagesConnect } from '@portal/contract';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { formatInZone, readerZone } from '../../../lib/dates.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useMeeting } from '../api/connect-queries.ts';
import { isDateToBeConfirmed } from '../lib/connect-time.ts';
import classes from './connect.module.css';

const m = messagesConnect.meeting;
const r = messagesConnect.reader;

/**
 * /connect/join/{token} (public: the token is the credential): the event of a unique meeting link, the
 * registrant's name, the time in the reader's zone and the room's link while it is open.
 */
export function JoinPage({ token }: { token: string }) {
  usePageTitle(m.title);
  const meeting = useMeeting(token);
  const zone = readerZone();

  let body: ReactNode;
  if (meeting.isPending) body = <LoadingState label={r.loadingMeeting} />;
  else if (meeting.isError)
    body = (
      <ErrorState
        message={r.meetingLoadFailed}
        onRetry={() => void meeting.refetch()}
        retryLabel={messagesConnect.registration.retry}
      />
    );
  else if (!meeting.data) body = <EmptyState>{m.invalid}</EmptyState>;
  else {
    const data = meeting.data;
    const closed = Date.now() >= new Date(data.dUTC_Closes).getTime();
    body = (
      <>
        <header className={classes.header}>
          <p className={classes.lead}>{data.sCmpTitle}</p>
          <h2 className={classes.campaignTitle}>{data.sEvtName}</h2>
        </header>
        <dl className={classes.times}>
          <dt>{r.registrant}</dt>
          <dd>{data.sRegistrantName}</dd>
          <dt>{messagesConnect.registration.yourTime}</dt>
          <dd>
            {isDateToBeConfirmed(data.iEvtType_PikId)
              ? messagesConnect.registration.dateToBeConfirmed
              : formatInZone(data.dUTC_EvtDate, zone)}
          </dd>
        </dl>
        {data.sMeetingUrl ? (
          <Button
            component="a"
            href={data.sMeetingUrl}
            target="_blank"
            rel="noopener noreferrer"
            w="fit-content"
          >
            {m.join}
          </Button>
        ) : closed ? (
          <p>{m.closed}</p>
        ) : (
          <p>{m.opensAt(formatInZone(data.dUTC_Opens, zone))}</p>
        )}
      </>
    );
  }

  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <h1 className={classes.title}>{m.title}</h1>
      </header>
      {body}
    </div>
  );
}
