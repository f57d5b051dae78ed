import { z } from 'zod';
import { messagesConnect } from '../messages-connect.ts';
import { numberInput, textField } from './fields.ts';

/**
 * CONNECT (issue 15; spec 3 sections 2 to 9): campaigns and events that readers register for and admins approve,
 * unique meeting links, one-to-one appointment slots with analysts and open-slot booking. One schema per call,
 * shared by the server (validation and serialisation) and the web client. Field names are the spec's (the CRM's
 * Hungarian notation); fields marked "ours" are additions. Every rule is decided again on the server.
 */
const m = messagesConnect.validation;

export const connectLimits = {
  /** Appointment cards per page (spec 3 section 9). */
  appointmentsPerPage: 8,
  /** Toasts close after 5 s (spec 3 section 9). */
  toastMs: 5000,
  /** Reload delays (spec 3 section 9): after registering (1500 and 2500 ms are both seen) and after approving. */
  registrationReloadMs: 1500,
  approvalReloadMs: 3500,
  /** Date-to-be-confirmed event type (spec 3 section 9). */
  dateToBeConfirmedType: 2118400009,
  /** The event type of an event whose date is fixed (ours: the pick list's other value). */
  confirmedDateType: 2118400008,
  /** Base64 bit values of the CRM (spec 3 section 9): 'AA==' is 0 (slot available, subscribed), 'AQ==' is 1. */
  bitFalse: 'AA==',
  bitTrue: 'AQ==',
  // ours
  /** Events one registration may name, participants one approval or reminder may name. */
  submitEventsMax: 50,
  participantsMax: 500,
  /** Slots listed ahead of today, in days. */
  slotHorizonDays: 120,
  /** The meeting room opens this many minutes before the event starts and closes this many after it ends. */
  meetingOpensMinutesBefore: 15,
  meetingClosesMinutesAfter: 60,
  /** Automatic reminders, in hours before the start of an approved event or a booked slot. */
  reminderLeadHours: [24, 1],
  /** Banner upload (PNG only): bytes and pixels accepted; stored re-encoded at most this wide. */
  bannerMaxBytes: 5 * 1024 * 1024,
  bannerMaxPixels: 40_000_000,
  bannerStoredMaxWidth: 1600,
} as const;

export const connectBit = z.enum([connectLimits.bitFalse, connectLimits.bitTrue]);

const idField = (message: string) =>
  numberInput(z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message));
/** 0 is a person id too: the current-user reply says iPSN_Id 0 for "none" (spec 3 section 3). */
const personIdField = numberInput(
  z
    .number({ error: m.personIdInvalid })
    .int(m.personIdInvalid)
    .min(0, m.personIdInvalid)
    .max(2_147_483_647, m.personIdInvalid),
);

/** UTC instant, ISO 8601 with Z. */
const utcInstant = z.string();
/** A wall-clock time in the event's or slot's own zone, 'YYYY-MM-DDTHH:mm:ss' (no offset). */
const localDateTime = z.string();

// ---------------------------------------------------------------------------------------------------------------
// Events and registration

export const connectSpeaker = z.object({
  sName: z.string(),
  sTitle: z.string(),
  /** the analyst of Our People, when the speaker is one */
  id: z.number().int().nullable(),
});

export const connectRegistrationStatus = z.enum(['none', 'pending', 'approved']);

export const connectEvent = z.object({
  iCAE_Id: z.number().int(),
  iCMP_Id: z.number().int(),
  sCmpTitle: z.string(),
  sEvtName: z.string(),
  speaker: z.array(connectSpeaker),
  dUTC_EvtDate: utcInstant,
  /** the start in the event's own zone (sTimeZone) */
  dLocale_EvtDate: localDateTime,
  sCity: z.string(),
  /** 2118400009: the date is to be confirmed */
  iEvtType_PikId: z.number().int(),
  bRegistered: z.boolean(),
  // ours
  /** IANA zone of the event's venue */
  sTimeZone: z.string(),
  iDurationMinutes: z.number().int(),
  /** plain text, paragraphs separated by blank lines */
  sTopic: z.string(),
  /** the event's banner, or null for the default one */
  sBannerUrl: z.string().nullable(),
  /** the caller's registration: none, pending approval or approved */
  sRegistrationStatus: connectRegistrationStatus,
});
export type ConnectEvent = z.infer<typeof connectEvent>;

/** GET /connect/events: upcoming events (and those whose date is to be confirmed), in campaign and date order. */
export const connectEventsReply = z.object({ events: z.array(connectEvent) });
/** GET /connect/event/{id} */
export const connectEventParams = z.object({ id: idField(m.eventIdInvalid) });
export const connectEventReply = z.object({ event: connectEvent });

/** POST /connect/events: register the caller for the checked events. */
export const connectRegisterBody = z.object({
  submitEvts: z
    .array(idField(m.eventIdInvalid), { error: m.noEventChosen })
    .min(1, m.noEventChosen)
    .max(connectLimits.submitEventsMax, m.tooManyEvents),
});
export const connectRegisterReply = z.object({
  success: z.literal(true),
  message: z.string(),
  /** the events the caller is registered for now among those sent (already registered ones included) */
  registered: z.array(z.number().int()),
});

// ---------------------------------------------------------------------------------------------------------------
// Approval (admin)

export const approvalEventSummary = z.object({
  iCAE_Id: z.number().int(),
  sEvtName: z.string(),
  dUTC_EvtDate: utcInstant,
  iEvtType_PikId: z.number().int(),
  // ours
  iPending: z.number().int(),
  iApproved: z.number().int(),
});
export const approvalCampaign = z.object({
  iCMP_Id: z.number().int(),
  sCmpTitle: z.string(),
  events: z.array(approvalEventSummary),
});
/** GET /connect/approvalEvents: campaigns with their events that have registrants (upcoming first). */
export const approvalEventsReply = z.object({ campaigns: z.array(approvalCampaign) });
export type ApprovalCampaign = z.infer<typeof approvalCampaign>;
export type ApprovalEventsReply = z.infer<typeof approvalEventsReply>;

export const approvalEventParams = z.object({
  cmpg_id: idField(m.campaignIdInvalid),
  evt_id: idField(m.eventIdInvalid),
});

export const connectRegistrant = z.object({
  /** the registration (ours: the record's key) */
  id: z.number().int(),
  iPSN_Id: z.number().int().nullable(),
  /** the website user, for a registrant without a person of the CRM */
  iTempUserId: z.number().int().nullable(),
  sRegistrantName: z.string(),
  sEmail: z.string(),
  sCompanyName: z.string(),
  dUTC_Registered: utcInstant,
  iApprovedById: z.number().int().nullable(),
  sApprovedByFullName: z.string().nullable(),
  dUTC_Approved: utcInstant.nullable(),
  bSentMeetingLink: z.boolean(),
  /** the registrant's unique meeting link once generated (admins only ever see this list) */
  sMeetingLink: z.string().nullable(),
});
export type ConnectRegistrant = z.infer<typeof connectRegistrant>;
/** GET /connect/approvalEvent/{cmpg_id}/{evt_id}: the event's registrants; pending ones have no approver. */
export const approvalListReply = z.object({ registrants: z.array(connectRegistrant) });
export type ApprovalListReply = z.infer<typeof approvalListReply>;

const participantList = z
  .array(idField(m.participantIdInvalid), { error: m.noParticipantChosen })
  .min(1, m.noParticipantChosen)
  .max(connectLimits.participantsMax, m.tooManyParticipants);
/** POST /connect/approvalEvent/{cmpg_id}/{evt_id}/approve: registration ids to approve. */
export const approveBody = z.object({ approveList: participantList });
export const approveReply = z.object({
  success: z.literal(true),
  message: z.string(),
  /** how many were pending and are approved now (each of those is mailed its meeting link once) */
  approved: z.number().int(),
});
export type ApproveReply = z.infer<typeof approveReply>;
/** POST /connect/approvalEvent/{cmpg_id}/{evt_id}/remind (ours: the spec shows no path): approved registrants. */
export const remindBody = z.object({ remindList: participantList });
export const remindReply = z.object({
  success: z.literal(true),
  message: z.string(),
  reminded: z.number().int(),
});
export type RemindReply = z.infer<typeof remindReply>;
/** POST /connect/approvalEvent/1/1/uniqueLink: a registrant record; only its id is read. */
export const uniqueLinkBody = z.object({ id: idField(m.participantIdInvalid) }).loose();
export const uniqueLinkReply = z.object({ success: z.literal(true), data: z.string() });
export type UniqueLinkReply = z.infer<typeof uniqueLinkReply>;

// ---------------------------------------------------------------------------------------------------------------
// Meeting link (ours: where the unique link leads)

export const meetingTokenParams = z.object({
  // textField first: a control character is refused with the common message, like every text field
  token: textField({ error: m.meetingLinkInvalid }).regex(/^[A-Za-z0-9_-]{20,64}$/, m.meetingLinkInvalid),
});
/** GET /connect/join/{token}: the event of a meeting link; the room's address only while it is open. */
export const meetingReply = z.object({
  sEvtName: z.string(),
  sCmpTitle: z.string(),
  dUTC_EvtDate: utcInstant,
  sTimeZone: z.string(),
  iDurationMinutes: z.number().int(),
  iEvtType_PikId: z.number().int(),
  sRegistrantName: z.string(),
  /** when the room opens (15 minutes before the start) and closes */
  dUTC_Opens: utcInstant,
  dUTC_Closes: utcInstant,
  /** the conference room's address while it is open, else null */
  sMeetingUrl: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------------------------
// Appointments and open slots

export const bookingAnalyst = z.object({
  /** the analyst's calendar (the CRM's analyst object) */
  iCAO_ObjId: z.number().int(),
  sPFN_FullName: z.string(),
  id: z.number().int(),
  name: z.string(),
  sJobCat: z.string(),
  // ours
  sTimeZone: z.string(),
  /** the analyst's sectors: the products a reader must subscribe to for booking */
  sectors: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
/** GET /connect/analysts (ours: the spec's dropdown source): analysts taking bookings, sorted by full name. */
export const bookingAnalystsReply = z.object({ analysts: z.array(bookingAnalyst) });

export const appointmentSlot = z.object({
  iCAE_Id: z.number().int(),
  iCAO_ObjId: z.number().int(),
  /** the start in the analyst's zone (TimezoneValue) */
  dCAE_LocaleStartDateTime: localDateTime,
  /** IANA zone of the analyst */
  TimezoneValue: z.string(),
  /** the caller holds this slot */
  booked: z.boolean(),
  /** 'AQ==' when the caller does not subscribe to the analyst's product */
  notSubscribed: connectBit,
  // ours
  dUTC_StartDateTime: utcInstant,
  iDurationMinutes: z.number().int(),
});
export type AppointmentSlot = z.infer<typeof appointmentSlot>;
export const analystCalendarParams = z.object({ iCAO_ObjId: idField(m.analystIdInvalid) });
/**
 * GET /connect/appointments/{iCAO_ObjId} (ours: the spec shows no path): the analyst's upcoming slots that are
 * free or held by the caller, in time order (slots others hold are not shown).
 */
export const appointmentsReply = z.object({ analyst: bookingAnalyst, events: z.array(appointmentSlot) });

/** GET /connect/getOpenSlotDetails/{iPSN_Id}?objectId= : the open-slot page's slots of one calendar. */
export const openSlotParams = z.object({ iPSN_Id: personIdField });
export const openSlotQuery = z.object({ objectId: idField(m.analystIdInvalid) });
export const openSlot = z.object({
  iCAE_Id: z.number().int(),
  iCAO_ObjId: z.number().int(),
  /** 'AA==': free (Book); 'AQ==': held by the caller (Cancel) */
  hide: connectBit,
  /** in the slot's zone: 'YYYY-MM-DD' and 'HH:mm' */
  date: z.string(),
  time: z.string(),
  timezone: z.string(),
  // ours
  dUTC_StartDateTime: utcInstant,
  iDurationMinutes: z.number().int(),
  sAnalystName: z.string(),
  notSubscribed: connectBit,
});
export const openSlotsReply = z.object({ analyst: bookingAnalyst, slots: z.array(openSlot) });

/** GET /connect/book/... and /connect/cancel/...: {iLng} is the flag 0 (spec 3 section 7). */
export const bookingParams = z.object({
  iLng: numberInput(
    z.number({ error: m.flagInvalid }).int(m.flagInvalid).min(0, m.flagInvalid).max(1, m.flagInvalid),
  ),
  iPSN_Id: personIdField,
  iCAE_Id: idField(m.slotIdInvalid),
  iAnalystId: idField(m.analystIdInvalid),
});
/** Status 'failure' carries the reason the page shows (spec 3 section 8). */
export const bookingReply = z.object({
  Status: z.enum(['success', 'failure']),
  ReasonText: z.string(),
});
export type BookingReply = z.infer<typeof bookingReply>;

/** POST /upload?type=campaign&id={eventId} (admin; the query is schemas/uploads.ts'): the event's banner, PNG only. */
export const bannerReply = z.object({ success: z.literal(true), message: z.string(), url: z.string() });

export type ConnectEventsReply = z.infer<typeof connectEventsReply>;
export type ConnectEventReply = z.infer<typeof connectEventReply>;
export type ConnectRegisterReply = z.infer<typeof connectRegisterReply>;
export type MeetingReply = z.infer<typeof meetingReply>;
export type BookingAnalyst = z.infer<typeof bookingAnalyst>;
export type AppointmentsReply = z.infer<typeof appointmentsReply>;
export type OpenSlot = z.infer<typeof openSlot>;
export type OpenSlotsReply = z.infer<typeof openSlotsReply>;
export type BannerReply = z.infer<typeof bannerReply>;
export type BookingAnalystsReply = z.infer<typeof bookingAnalystsReply>;
