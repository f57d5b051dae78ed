import { VisuallyHidden } from '@mantine/core';
import { type ApprovalCampaign, messagesConnect } from '@portal/contract';
import { eventDateText } from '../lib/approval-lib.ts';
import classes from './connect-admin.module.css';

const m = messagesConnect.approval;

/** The left column (spec 3 section 2): campaigns with their events, each with its pending and approved counts. */
export function EventList({
  campaigns,
  selectedId,
  onSelect,
}: {
  campaigns: readonly ApprovalCampaign[];
  selectedId: number | null;
  onSelect: (eventId: number) => void;
}) {
  return (
    <nav className={classes.events} aria-labelledby="connect-approval-campaigns">
      <h2 id="connect-approval-campaigns" className={classes.sectionTitle}>
        {m.campaigns}
      </h2>
      {campaigns.length === 0 ? (
        <p className={classes.paneSub}>{m.noCampaigns}</p>
      ) : (
        // What the two badges count (each event's button says it in words too).
        <p className={classes.legend} aria-hidden="true">
          <span className={classes.badgePending}>{m.pendingTab}</span>
          <span className={classes.badgeApproved}>{m.approvedTab}</span>
        </p>
      )}
      {campaigns.map((campaign) => (
        <section key={campaign.iCMP_Id} aria-labelledby={`connect-campaign-${campaign.iCMP_Id}`}>
          <h3 id={`connect-campaign-${campaign.iCMP_Id}`} className={classes.campaign}>
            {campaign.sCmpTitle}
          </h3>
          <ul className={classes.eventList}>
            {campaign.events.map((event) => (
              <li key={event.iCAE_Id}>
                <button
                  type="button"
                  className={classes.event}
                  aria-current={event.iCAE_Id === selectedId ? 'true' : undefined}
                  onClick={() => onSelect(event.iCAE_Id)}
                >
                  <span className={classes.eventName}>{event.sEvtName}</span>
                  <span className={classes.eventMeta}>
                    <span>{eventDateText(event)}</span>
                    {/* The badges are for the eye; the button's name carries the counts in words. */}
                    <span className={classes.badges} aria-hidden="true">
                      <span className={classes.badgePending} title={m.pendingTab}>
                        {event.iPending}
                      </span>
                      <span className={classes.badgeApproved} title={m.approvedTab}>
                        {event.iApproved}
                      </span>
                    </span>
                    <VisuallyHidden>{m.counts(event.iPending, event.iApproved)}</VisuallyHidden>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
