import {
  type ApprovalCampaign,
  type ConnectRegistrant,
  connectLimits,
  messagesConnect,
} from '@portal/contract';

const m = messagesConnect.approval;

// The admin's own zone and locale, with the zone named: the events happen in many zones (spec 3: times are shown in
// the viewer's zone with the zone named).
const dateTime = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const parse = (iso: string | null) => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** An event's start in the admin's zone, or 'Date to be confirmed' for that event type (spec 3 section 9). */
export const eventDateText = (event: { dUTC_EvtDate: string; iEvtType_PikId: number }) => {
  if (event.iEvtType_PikId === connectLimits.dateToBeConfirmedType) return m.dateToBeConfirmed;
  const date = parse(event.dUTC_EvtDate);
  return date ? dateTime.format(date) : m.dateToBeConfirmed;
};

/** A registration or approval date (the day only: the lists are about who, not the minute). */
export const dayText = (iso: string | null) => {
  const date = parse(iso);
  return date ? dateOnly.format(date) : '';
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
