import {
  type ApprovalCampaign,
  type ConnectRegistrant,
  connectLimits,
  messagesConnect,
} from '@portal/contract';
import { formatDate } from '../../../lib/dates.ts';

const m = messagesConnect.approval;

/**
 * An event's start in the admin's zone, with the zone named (the events happen in many zones; spec 3: times are
 * shown in the viewer's zone with the zone named), or 'Date to be confirmed' for that event type (spec 3 section 9).
 */
export const eventDateText = (event: { dUTC_EvtDate: string; iEvtType_PikId: number }) => {
  if (event.iEvtType_PikId === connectLimits.dateToBeConfirmedType) return m.dateToBeConfirmed;
  return formatDate(event.dUTC_EvtDate, 'dayClockZone') || m.dateToBeConfirmed;
};

/** Spec 3 section 3: a registrant is pending while it has no approver. */
export const isPending = (r: ConnectRegistrant) => r.iApprovedById === null && r.dUTC_Approved === null;

export const splitRegistrants = (registrants: readonly ConnectRegistrant[]) => ({
  pending: registrants.filter(isPending),
  approved: registrants.filter((r) => !isPending(r)),
});

export interface EventChoice {
  campaignId: number;
  eventId: number;
}

/** The event named by ?event= (an event id), when it is one of the listed campaigns' events. */
export const findEventChoice = (
  campaigns: readonly ApprovalCampaign[],
  param: string | null,
): (EventChoice & { name: string; campaign: string }) | null => {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const eventId = Number(param);
  for (const campaign of campaigns) {
    const event = campaign.events.find((e) => e.iCAE_Id === eventId);
    if (event)
      return { campaignId: campaign.iCMP_Id, eventId, name: event.sEvtName, campaign: campaign.sCmpTitle };
  }
  return null;
};

/** The checked ids that are still in the list (a reload may have moved some to the other tab). */
export const checkedIn = (checked: ReadonlySet<number>, rows: readonly ConnectRegistrant[]) =>
  rows.filter((r) => checked.has(r.id));

export const toggled = (checked: ReadonlySet<number>, id: number) => {
  const next = new Set(checked);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};

/** Select all: checks every row, or clears them when every row is already checked. */
export const toggledAll = (checked: ReadonlySet<number>, rows: readonly ConnectRegistrant[]) =>
  rows.length > 0 && rows.every((r) => checked.has(r.id))
    ? new Set<number>()
    : new Set(rows.map((r) => r.id));
