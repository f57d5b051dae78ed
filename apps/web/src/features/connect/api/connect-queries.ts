import { type ConnectConfig, connectConfigDefaults, parseConnectConfig } from '@portal/contract';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchParameters, parameterKeys } from '../../../lib/parameters.ts';
import {
  type BookingAnalyst,
  fetchAppointments,
  fetchBookingAnalysts,
  fetchConnectEvent,
  fetchConnectEvents,
  fetchMeeting,
  fetchOpenSlots,
} from './connect-api.ts';

// The replies depend on who asks (registration status, booked, notSubscribed): `userId` is part of each key.

/** CONNECT's query keys: its queries and the reloads after its actions take them from here. */
export const connectKeys = {
  /** the events list, for every reader */
  events: ['connect-events'] as const,
  eventList: (userId: number | null) => [...connectKeys.events, userId] as const,
  /** every event's page */
  eventPages: ['connect-event'] as const,
  eventPage: (id: number, userId: number | null) => [...connectKeys.eventPages, id, userId] as const,
  analysts: ['connect-analysts'] as const,
  /** every analyst's calendar */
  calendars: ['connect-appointments'] as const,
  calendar: (objectId: number | null) => [...connectKeys.calendars, objectId] as const,
  calendarFor: (objectId: number | null, userId: number | null) =>
    [...connectKeys.calendar(objectId), userId] as const,
  openSlots: (personId: number | null, objectId: number) =>
    ['connect-open-slots', personId, objectId] as const,
  meeting: (token: string) => ['connect-meeting', token] as const,
};

export const useConnectEvents = (userId: number | null) =>
  useQuery({ queryKey: connectKeys.eventList(userId), queryFn: ({ signal }) => fetchConnectEvents(signal) });

export const useConnectEvent = (id: number, userId: number | null) =>
  useQuery({
    queryKey: connectKeys.eventPage(id, userId),
    queryFn: ({ signal }) => fetchConnectEvent(id, signal),
    enabled: id > 0,
  });

export const useBookingAnalysts = () =>
  useQuery({
    queryKey: connectKeys.analysts,
    queryFn: ({ signal }) => fetchBookingAnalysts(signal),
    staleTime: 60_000,
  });

export const useAppointments = (objectId: number | null, userId: number | null) =>
  useQuery({
    queryKey: connectKeys.calendarFor(objectId, userId),
    queryFn: ({ signal }) => fetchAppointments(objectId ?? 0, signal),
    enabled: objectId !== null && objectId > 0,
  });

/** Every booking analyst's calendar for the reader, under the keys the appointment page uses (the home's card). */
export const useCalendars = (analysts: readonly BookingAnalyst[], userId: number) =>
  useQueries({
    queries: analysts.map((analyst) => ({
      queryKey: connectKeys.calendarFor(analyst.iCAO_ObjId, userId),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchAppointments(analyst.iCAO_ObjId, signal),
    })),
  });

export const useOpenSlots = (personId: number | null, objectId: number) =>
  useQuery({
    queryKey: connectKeys.openSlots(personId, objectId),
    queryFn: ({ signal }) => fetchOpenSlots(personId ?? 0, objectId, signal),
    enabled: personId !== null && objectId > 0,
  });

export const useMeeting = (token: string) =>
  useQuery({
    queryKey: connectKeys.meeting(token),
    queryFn: ({ signal }) => fetchMeeting(token, signal),
    retry: false,
  });

/** CONNECT's public parameters (spec 3 sections 2 and 9), fetched together in one comma-list call. */
const connectParameters = [
  'sRshWebConnAppHeadline',
  'sRshWebConnAppSubHeading',
  'sRshWebConnAppNoAppointments',
  'sConnectConfigJSON',
] as const;
const connectParametersQuery = {
  queryKey: parameterKeys.list(connectParameters),
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchParameters(connectParameters, signal),
  staleTime: 5 * 60_000,
};

/** One of the appointment page's texts (an unset one reads as ''); CONNECT's parameters share one call. */
export const useConnectParameter = (
  name: Exclude<(typeof connectParameters)[number], 'sConnectConfigJSON'>,
) => useQuery({ ...connectParametersQuery, select: (values) => values.get(name) ?? '' });

/**
 * sConnectConfigJSON read with the contract's values as defaults (schemas/connect-config.ts); the defaults also
 * while it loads or when it cannot be had, so no screen waits for it.
 */
export const useConnectConfig = (): ConnectConfig =>
  useQuery({
    ...connectParametersQuery,
    select: (values) => parseConnectConfig(values.get('sConnectConfigJSON')),
  }).data ?? connectConfigDefaults;

/**
 * What CONNECT's actions make stale: `registered` after a registration (the events list and every event's page),
 * `banner` after an event's new banner (the events list), `calendar` after a booking or a cancellation on an
 * analyst's calendar (that calendar), `openSlots` after one among an analyst's open slots (those slots and every
 * calendar).
 */
export const useConnectReloads = () => {
  const queryClient = useQueryClient();
  const reload = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  return {
    registered: () => {
      reload(connectKeys.events);
      reload(connectKeys.eventPages);
    },
    banner: () => reload(connectKeys.events),
    calendar: (objectId: number) => reload(connectKeys.calendar(objectId)),
    openSlots: (personId: number | null, objectId: number) => {
      reload(connectKeys.openSlots(personId, objectId));
      reload(connectKeys.calendars);
    },
  };
};
