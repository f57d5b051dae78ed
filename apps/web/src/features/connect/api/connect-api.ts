import type {
  AppointmentSlot,
  AppointmentsReply,
  BannerReply,
  BookingAnalyst,
  BookingAnalystsReply,
  BookingReply,
  ConnectEvent,
  ConnectEventReply,
  ConnectEventsReply,
  ConnectRegisterReply,
  MeetingReply,
  OpenSlot,
  OpenSlotsReply,
} from '@portal/contract';
import { messages } from '@portal/contract';
import { ApiError, apiFetch, apiRequest } from '../../../lib/api-client.ts';

export type {
  AppointmentSlot,
  AppointmentsReply,
  BookingAnalyst,
  BookingReply,
  ConnectEvent,
  MeetingReply,
  OpenSlot,
  OpenSlotsReply,
};

/** GET /connect/events: upcoming events of every campaign with the caller's registration status. */
export const fetchConnectEvents = async (signal?: AbortSignal) =>
  (await apiRequest<ConnectEventsReply>('GET', '/connect/events', { signal })).events;

/** GET /connect/event/{id}: one event; a 404 is an answer (the page says the event is not there), not a failure. */
export const fetchConnectEvent = async (id: number, signal?: AbortSignal): Promise<ConnectEvent | null> => {
  try {
    return (
      await apiRequest<ConnectEventReply>('GET', `/connect/event/${id}`, {
        pattern: '/connect/event/:id',
        signal,
      })
    ).event;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
};

/** POST /connect/events: registers the caller for the checked events. */
export const registerForEvents = (submitEvts: number[]) =>
  apiRequest<ConnectRegisterReply>('POST', '/connect/events', { body: { submitEvts } });

/** POST /upload?type=campaign&id={eventId} (admin): the event's banner, multipart. */
export const uploadBanner = (eventId: number, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<BannerReply>('POST', '/upload', {
    query: { type: 'campaign', id: String(eventId) },
    body: form,
  });
};

/** GET /connect/analysts: the analysts taking bookings, sorted by full name. */
export const fetchBookingAnalysts = async (signal?: AbortSignal) =>
  (await apiRequest<BookingAnalystsReply>('GET', '/connect/analysts', { signal })).analysts;

/** GET /connect/appointments/{iCAO_ObjId}: one calendar's upcoming slots, free or the caller's. */
export const fetchAppointments = (objectId: number, signal?: AbortSignal) =>
  apiRequest<AppointmentsReply>('GET', `/connect/appointments/${objectId}`, {
    pattern: '/connect/appointments/:iCAO_ObjId',
    signal,
  });

/** GET /connect/getOpenSlotDetails/{iPSN_Id}?objectId=: the open-slot page's slots of one calendar. */
export const fetchOpenSlots = (personId: number, objectId: number, signal?: AbortSignal) =>
  apiRequest<OpenSlotsReply>('GET', `/connect/getOpenSlotDetails/${personId}`, {
    pattern: '/connect/getOpenSlotDetails/:iPSN_Id',
    query: { objectId: String(objectId) },
    signal,
  });

const asReason = (body: unknown): string | undefined => {
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (typeof record.ReasonText === 'string' && record.ReasonText) return record.ReasonText;
  if (typeof record.message === 'string' && record.message) return record.message;
  return undefined;
};

/**
 * GET /connect/book|cancel/0/{iPSN_Id}/{iCAE_Id}/{iCAO_ObjId}: state-changing GETs. The pattern is the route
 * table's, which the contract lists among the state-changing GETs, so the client sends the CSRF header. A refusal
 * (403 not subscribed, 409 taken) is an answer whose ReasonText the page shows: never thrown, read as failure.
 */
export const changeBooking = async (
  action: 'book' | 'cancel',
  personId: number,
  slotId: number,
  objectId: number,
): Promise<BookingReply> => {
  const reply = await apiFetch('GET', `/connect/${action}/0/${personId}/${slotId}/${objectId}`, {
    pattern: `/connect/${action}/:iLng/:iPSN_Id/:iCAE_Id/:iAnalystId`,
  });
  const body = reply.body as Partial<BookingReply> | undefined;
  if (reply.ok && body?.Status === 'success') return { Status: 'success', ReasonText: body.ReasonText ?? '' };
  return { Status: 'failure', ReasonText: asReason(reply.body) ?? messages.errors.internal };
};

/** GET /connect/join/{token} (public): the meeting of a unique link, or null for a link that is not valid. */
export const fetchMeeting = async (token: string, signal?: AbortSignal): Promise<MeetingReply | null> => {
  try {
    return await apiRequest<MeetingReply>('GET', `/connect/join/${encodeURIComponent(token)}`, {
      pattern: '/connect/join/:token',
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 410))
      return null;
    throw error;
  }
};
